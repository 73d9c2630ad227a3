/// Where an encoded stream goes: a temporary file renamed onto the output when complete, a
/// temporary folder of numbered frames moved into place when complete, or standard output,
/// which is written as it comes (`-o -`).
enum OutputDestination {
    case file(TemporaryOutputFile)
    case folder(TemporaryOutputFolder, pattern: String)
    case standardOutput

    /// The output path that means standard output.
    static let standardOutputPath = "-"

    init(path: String, format: VideoFormat) throws {
        if path == Self.standardOutputPath {
            self = .standardOutput
        } else if format.isSequence {
            self = .folder(try TemporaryOutputFolder(pattern: path), pattern: FilePaths.name(of: path))
        } else {
            self = .file(try TemporaryOutputFile(target: path))
        }
    }

    /// What FFmpeg opens: the temporary file, the pattern inside the temporary folder (by which
    /// image2 opens each frame's file), or the pipe.
    var url: String {
        switch self {
        case .file(let file): FFmpegPath.file(file.temporaryPath)
        case .folder(let folder, let pattern): FFmpegPath.file(FilePaths.resolve(pattern, in: folder.temporaryPath))
        case .standardOutput: "pipe:1"
        }
    }

    /// Moves the finished output into place.
    func commit(reportedPath: String) throws {
        switch self {
        case .file(let file): try file.commit()
        case .folder(let folder, _): try folder.commit(reportedPath: reportedPath)
        case .standardOutput: break
        }
    }
}
