/// A file's path as FFmpeg must be given it to open that very file. FFmpeg takes what it opens
/// for a URL: a file named `pipe:0` read standard input, and `concat:/elsewhere/a.png` or
/// `subfile,,start,0,end,0,,:/elsewhere/a.png` read another file than the one checked (and held
/// to a batch's `--root`). Its file protocol's prefix makes the rest a path, whatever it holds.
enum FFmpegPath {
    static func file(_ path: String) -> String { "file:" + path }
}
