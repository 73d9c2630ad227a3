import Foundation

/// The checks every output passes before anything is written — and, through `RenderJob.check`,
/// before any work is done — so a doomed run fails at once and never overwrites an input.
public enum OutputPath {
    /// Throws a MediaError naming `output` when its folder is missing or read-only, when it is a
    /// directory or a name longer than its folder takes, or when it is the same file as one of
    /// `inputs`.
    public static func check(_ output: String, inputs: [String] = []) throws {
        try checkFolder(of: output)
        try checkFile(output, inputs: inputs)
    }

    /// The checks for a numbered sequence `pattern` (`output` as written) of `frames` files: its
    /// folder, named by the pattern, and each frame's file.
    static func check(sequence pattern: FramePattern, named output: String, frames: Int, inputs: [String]) throws {
        try checkFolder(of: output)
        for number in 1...max(1, frames) { try checkFile(pattern.path(number), inputs: inputs) }
    }

    private static func checkFolder(of output: String) throws {
        let directory = FilePaths.folder(of: output)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw MediaError(path: output, reason: "directory '\(directory)' does not exist")
        }
        guard access(directory, W_OK) == 0 else {
            throw MediaError(path: output, reason: "directory '\(directory)' is not writable")
        }
    }

    private static func checkFile(_ file: String, inputs: [String]) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), isDirectory.boolValue {
            throw MediaError(path: file, reason: "is a directory")
        }
        // Found now, not when the finished file is moved into place after all the work.
        let nameLength = FilePaths.name(of: file).utf8.count, longest = pathconf(FilePaths.folder(of: file), Int32(_PC_NAME_MAX))
        if longest > 0, nameLength > longest {
            throw MediaError(path: file, reason: "the file name is \(nameLength) bytes long, and its folder takes names of at most \(longest)")
        }
        for input in inputs where sameFile(input, file) {
            throw MediaError(path: file, reason: "output is the same file as input '\(input)'; refusing to overwrite an input")
        }
    }

    /// True when both paths name one file: the same resolved path, or the same inode (hard links).
    private static func sameFile(_ a: String, _ b: String) -> Bool {
        if URL(fileURLWithPath: a).resolvingSymlinksInPath().path == URL(fileURLWithPath: b).resolvingSymlinksInPath().path {
            return true
        }
        var statA = stat(), statB = stat()
        guard stat(a, &statA) == 0, stat(b, &statB) == 0 else { return false }
        return statA.st_dev == statB.st_dev && statA.st_ino == statB.st_ino
    }
}
