import CGlibcExtras
import Foundation

/// The checks every output passes before anything is written — and, through `RenderJob.check`,
/// before any work is done — so a doomed run fails at once and never overwrites an input.
public enum OutputPath {
    /// Throws a MediaError naming `output` when its folder is missing or read-only, when it is a
    /// directory, a device, a FIFO or a socket, a symbolic link to nothing or a name longer than
    /// its folder takes, or when it is the same file as one of `inputs`.
    public static func check(_ output: String, inputs: [String] = []) throws {
        try checkFile(output, against: InputFiles(inputs))
        let written = try resolved(output)
        try checkFolder(of: written)
        try checkNameLength(written)
    }

    /// The checks of `check` that look at `output` itself, not its folder (which a batch makes
    /// only as the job runs): what it is, and whether it is one of `inputs`.
    public static func checkFileItself(_ output: String, inputs: [String] = []) throws {
        try checkFile(output, against: InputFiles(inputs))
    }

    /// The file written for `output`: the file a symbolic link points to (the link is kept, as
    /// when a program writes through it), or `output` itself. Throws for a link to nothing.
    static func resolved(_ output: String) throws -> String {
        var status = stat()
        guard lstat(output, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return output }
        guard let real = realpath(output, nil) else {
            throw MediaError(.outputRefused, path: output, reason: "is a symbolic link to a file that does not exist; give the file's own path")
        }
        defer { free(real) }
        return String(cString: real)
    }

    /// The checks for a numbered sequence `pattern` (`output` as written) of `frames` files: its
    /// folder, named by the pattern, and each frame's file (a stat each: thousands of frames
    /// are checked in moments).
    static func check(sequence pattern: FramePattern, named output: String, frames: Int, inputs: [String]) throws {
        try checkFolder(of: output)
        try check(frames: 1...max(1, frames), of: pattern, inputs: inputs)
    }

    /// The checks of the files of frames `numbers` of the sequence `pattern`, its folder aside.
    static func check(frames numbers: ClosedRange<Int>, of pattern: FramePattern, inputs: [String]) throws {
        // The last frame's number is the longest.
        try checkNameLength(pattern.path(numbers.upperBound))
        let known = InputFiles(inputs)
        for number in numbers { try checkFile(pattern.path(number), against: known) }
    }

    /// Throws unless `output`'s folder exists and may be written.
    static func checkFolder(of output: String) throws {
        let directory = FilePaths.folder(of: output)
        var status = stat()
        let found = stat(directory, &status) == 0, error = errno
        guard found, status.st_mode & S_IFMT == S_IFDIR else {
            if !found, error == ENAMETOOLONG { try checkLengths(output) }
            throw MediaError(.outputRefused, path: output, reason: found ? "'\(directory)' is not a directory"
                             : "directory '\(directory)' does not exist")
        }
        guard access(directory, W_OK) == 0 else {
            let reason = String(cString: strerror(errno))
            throw MediaError(.outputRefused, path: output, reason: "directory '\(directory)' is not writable (\(reason))")
        }
    }

    /// Throws if `output` is longer than the system takes anywhere: a name (of the file or a
    /// folder) of more than NAME_MAX bytes, or a path of PATH_MAX. For outputs whose folders are
    /// not made yet (a batch's), which `check` cannot look into: found as the batch is planned,
    /// not when the job runs, after the jobs before it.
    public static func checkLengths(_ output: String) throws {
        if output.utf8.count >= PATH_MAX {
            throw MediaError(.outputRefused, path: output, reason: "the path is \(output.utf8.count) bytes long, more than the system takes (\(PATH_MAX))")
        }
        let names = output.split(separator: "/").map(\.utf8.count)
        if let folder = names.dropLast().max(), folder > NAME_MAX {
            throw MediaError(.outputRefused, path: output, reason: "a folder's name in the path is \(folder) bytes long, more than the system takes (\(NAME_MAX))")
        }
        if let file = names.last, file > NAME_MAX {
            throw MediaError(.outputRefused, path: output, reason: "the file name is \(file) bytes long, more than the system takes (\(NAME_MAX))")
        }
    }

    /// Found now, not when the finished file is moved into place after all the work.
    private static func checkNameLength(_ file: String) throws {
        let nameLength = FilePaths.name(of: file).utf8.count, longest = pathconf(FilePaths.folder(of: file), Int32(_PC_NAME_MAX))
        if longest > 0, nameLength > longest {
            throw MediaError(.outputRefused, path: file, reason: "the file name is \(nameLength) bytes long, and its folder takes names of at most \(longest)")
        }
    }

    private static func checkFile(_ file: String, against inputs: InputFiles) throws {
        var status = stat()
        // A file that does not exist yet is none of the inputs, which exist.
        guard stat(file, &status) == 0 else { return }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw MediaError(.outputRefused, path: file, reason: "is a directory")
        default:
            // The finished file is moved into place: it would replace the device or FIFO itself.
            let kind = [S_IFCHR: "a character device", S_IFBLK: "a block device", S_IFIFO: "a FIFO", S_IFSOCK: "a socket"][status.st_mode & S_IFMT] ?? "not a regular file"
            throw MediaError(.outputRefused, path: file, reason: "is \(kind), not a file; write a file, or a stream to standard output with -o -")
        }
        if let input = inputs.named(FileIdentity(status)) {
            throw MediaError(.outputRefused, path: file, reason: "output is the same file as input '\(input)'; refusing to overwrite an input")
        }
        // Another user's file in a sticky folder (as /tmp) cannot be replaced by moving the
        // finished file over it: found now rather than after all the work.
        var folder = stat()
        let user = geteuid()
        if user != 0, status.st_uid != user, stat(FilePaths.folder(of: (try? resolved(file)) ?? file), &folder) == 0,
           folder.st_mode & S_ISVTX != 0, folder.st_uid != user {
            throw MediaError(.outputRefused, path: file, reason: "belongs to another user, in a folder where only a file's owner may replace it (sticky, as /tmp); remove it or write another name")
        }
        if isMarkedUnreplaceable((try? resolved(file)) ?? file) {
            throw MediaError(.outputRefused, path: file, reason: "is marked immutable or append-only (chattr +i or +a), so nothing may replace it; remove the mark or write another name")
        }
    }

    /// Whether the file (the one a symbolic link at the output path leads to, which the finished
    /// file replaces) carries the immutable or append-only attribute, which refuses even root's
    /// moving a file over it: found before the work rather than at its end.
    private static func isMarkedUnreplaceable(_ file: String) -> Bool {
        glibc_is_immutable_or_append_only(file) == 1
    }

    /// The inputs by their files' identity, looked at once: a path, a symbolic link or a hard
    /// link to one of them is the same file.
    private struct InputFiles {
        private var names: [FileIdentity: String] = [:]

        init(_ paths: [String]) {
            for path in paths {
                if let file = FileIdentity(path: path), names[file] == nil { names[file] = path }
            }
        }

        func named(_ file: FileIdentity) -> String? { names[file] }
    }
}
