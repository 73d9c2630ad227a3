import FlipTransMedia
import Foundation

/// A text file the user names (a spec or a job file), read without trusting it: at most one byte
/// more than `largest` is read, so a huge file or an endless device costs nothing. It must be a
/// regular file or a pipe that the shell passed down (`<(make-jobs)`, which is `/dev/fd/63`, or
/// `/dev/stdin` after `|`): a named FIFO in the file system (`mkfifo`) would block until someone
/// writes to it, maybe forever, and a device such as /dev/zero or a terminal is no file; both
/// are refused as images are ("not a regular file").
struct TextFile {
    let text: String
    /// Where relative paths in the file start: the file's folder, or for a pipe, which has no
    /// folder, or a file named by its descriptor (`/dev/stdin`), the current folder.
    let folder: String
    /// The file read, if it is a regular file (standard input redirected from one too): what no
    /// output may replace.
    let identity: FileIdentity?

    /// What `path` is called for standard input.
    static let standardInput = "-"

    /// The path that finds the file read as `path` again: standard input's through /dev/stdin,
    /// so that an output can be told apart from a spec or trace redirected in (`--spec - < a.yaml`).
    static func reopenable(_ path: String) -> String {
        path == standardInput ? "/dev/stdin" : path
    }

    /// Reads the file at `path` (`-`: standard input, whose relative paths start at the current
    /// folder too); `kind` names it in errors ("spec", "job file").
    init(_ path: String, kind: String, largest: Int) throws {
        let fromStandardInput = path == Self.standardInput
        // Closed, it would read as an empty file: a batch of no job, done.
        if fromStandardInput, StandardStream.wasClosedAtStart(STDIN_FILENO) {
            throw CLIError("\(path): standard input is closed; give the \(kind) as a file, or pipe it in")
        }
        // Non-blocking, so that opening a named FIFO returns at once rather than waiting for a writer.
        let descriptor = fromStandardInput ? fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0) : open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let error = errno
            throw CLIError("\(path.isEmpty ? "''" : path): " + (error == ENOENT ? InputFileCheck.missing(path) : "cannot read the \(kind) (\(String(cString: strerror(error))))"))
        }
        defer { close(descriptor) }
        var status = stat()
        fstat(descriptor, &status)
        let isPipe = fromStandardInput || Self.isInheritedPipe(descriptor)
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw CLIError("\(path): is a directory")
        case _ where isPipe: break
        default: throw CLIError("\(path): not a regular file")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        let data: [UInt8]
        do {
            data = try Self.read(descriptor, upTo: largest + 1)
        } catch {
            throw CLIError("\(path): cannot read the \(kind) (\(String(cString: strerror(error.code))))")
        }
        guard data.count <= largest else {
            throw CLIError("\(path): a \(kind) is at most \(largest >> 10) KiB; this file is larger")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw CLIError("\(path): the \(kind) is not UTF-8 text")
        }
        self.text = text
        identity = status.st_mode & S_IFMT == S_IFREG ? FileIdentity(status) : nil
        // A descriptor's name (`/dev/stdin < jobs.jsonl`, `/dev/fd/3`) is no folder of the file's:
        // its paths start where a pipe's do.
        let namesADescriptor = path == "/dev/stdin" || path.hasPrefix("/dev/fd/") || (path.hasPrefix("/proc/") && path.contains("/fd/"))
        folder = isPipe || namesADescriptor ? "." : FilePaths.folder(of: path)
    }

    /// True for a pipe without a name: one the shell made and passed down. The kernel names such a
    /// descriptor "pipe:[inode]"; a named FIFO is shown by its path.
    private static func isInheritedPipe(_ descriptor: Int32) -> Bool {
        var target = [CChar](repeating: 0, count: 64)
        let length = readlink("/proc/self/fd/\(descriptor)", &target, target.count)
        return length > 0 && target[..<length].map { UInt8(bitPattern: $0) }.starts(with: "pipe:[".utf8)
    }

    private struct ReadError: Error { let code: Int32 }

    private static func read(_ descriptor: Int32, upTo limit: Int) throws(ReadError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < limit {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, min($0.count, limit - bytes.count)) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw ReadError(code: errno) }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return bytes
    }

    /// The text's lines, split at "\n", "\r\n" or a lone "\r" (Windows and old Mac files; Swift
    /// reads "\r\n" as one character, so splitting at "\n" alone left such a file one line). Line
    /// n is at index n − 1.
    static func lines(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    }
}
