import FlipTransMedia
import Foundation

/// A job file as `batch` reads it: its job lines, without blank lines and `#` comments, each
/// with the place error messages give for it ("jobs.jsonl: line 3").
struct JobFile {
    struct Line {
        let text: String
        let number: Int
        let context: String
    }

    let lines: [Line]
    /// 64 MiB: some 600,000 jobs, far more than a batch needs, far less than a stray device or
    /// huge file would take to read.
    static let largestFile = 64 << 20
    /// Relative paths in jobs are relative to `baseFolder`, else the job file's folder (the
    /// current folder for standard input or a pipe; see `TextFile`).
    let folder: String
    /// The job file itself, if a regular file (read through standard input too), which no job may write.
    let identity: FileIdentity?
    /// Its lines' render commands, parsed once per distinct set of options.
    private let commands = ParsedCommandCache()

    init(contentsOf path: String, baseFolder: String? = nil) throws {
        // The job file's name in messages: "stdin" for `-`.
        let name = path == TextFile.standardInput ? "stdin" : path
        let file = try TextFile(path, kind: "job file", largest: JobFile.largestFile)
        folder = baseFolder ?? file.folder
        identity = file.identity
        lines = TextFile.lines(of: file.text).map(String.init).enumerated().compactMap { index, written in
            // A byte-order mark, as some editors write (one per file joined with `cat`), is no
            // part of the line: a first line `# comment` after one was refused as no JSON.
            let line = written.unicodeScalars.first == "\u{FEFF}" ? String(written.unicodeScalars.dropFirst()) : written
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
            return Line(text: line, number: index + 1, context: "\(name): line \(index + 1)")
        }
        // A slideshow spec given to `batch` (an easy slip) was refused line by line, every line as no JSON.
        if !lines.contains(where: { $0.text.trimmingCharacters(in: .whitespaces).hasPrefix("{") }),
           lines.contains(where: { $0.text.prefixMatch(of: #/slides:(\s|$)/#) != nil }) {
            // A file, not a stream read once, can be named in a job line (its name as JSON writes it).
            let encoder = JSONEncoder()
            encoder.outputFormatting = .withoutEscapingSlashes
            let quoted = (try? encoder.encode(path)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\(path)\""
            let inLine = path == TextFile.standardInput || file.identity == nil ? "" : ", or name it in a job line: {\"spec\": \(quoted), \"output\": \"show.mp4\"}"
            throw CLIError("\(name): this is a slideshow spec (its lines are YAML, with 'slides'), not a job file of JSON lines;"
                + " run it with 'fliptrans slideshow --spec \(path)'" + inLine)
        }
    }

    /// The job a line describes, or the error that line fails with.
    func job(on line: Line, root: FolderConfinement? = nil, settings: BatchJob.Settings = BatchJob.Settings()) throws -> BatchJob {
        try BatchJob(line: line.text, folder: folder, context: line.context, root: root, settings: settings, commands: commands)
    }
}
