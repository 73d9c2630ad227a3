import Foundation

/// The checks every output passes before anything is written — and, through `RenderJob.check`,
/// before any work is done — so a doomed run fails at once and never overwrites an input.
public enum OutputPath {
    /// Throws a MediaError naming `output` when its folder is missing or read-only, when it is a
    /// directory, or when it is the same file as one of `inputs`.
    public static func check(_ output: String, inputs: [String] = []) throws {
        let directory = FilePaths.folder(of: output)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw MediaError(path: output, reason: "directory '\(directory)' does not exist")
        }
        guard access(directory, W_OK) == 0 else {
            throw MediaError(path: output, reason: "directory '\(directory)' is not writable")
        }
        if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory), isDirectory.boolValue {
            throw MediaError(path: output, reason: "is a directory")
        }
        for input in inputs where sameFile(input, output) {
            throw MediaError(path: output, reason: "output is the same file as input '\(input)'; refusing to overwrite an input")
        }
    }

    /// The checks for a numbered sequence `pattern` of `frames` files: its folder, and that no
    /// frame's file is one of `inputs`.
    static func check(sequence pattern: FramePattern, frames: Int, inputs: [String]) throws {
        try check(pattern.path(1))
        for number in 1...max(1, frames) {
            let frame = pattern.path(number)
            for input in inputs where sameFile(input, frame) {
                throw MediaError(path: frame, reason: "output is the same file as input '\(input)'; refusing to overwrite an input")
            }
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
