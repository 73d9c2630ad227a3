import Foundation

/// Checks an output path before any work is done, so a doomed run fails at once and can
/// never overwrite one of its own inputs.
enum OutputPath {
    static func check(_ output: String, inputs: [String]) throws {
        let url = URL(fileURLWithPath: output)
        let directory = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CLIError("\(output): directory '\(directory)' does not exist")
        }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            throw CLIError("\(output): directory '\(directory)' is not writable")
        }
        if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CLIError("\(output): is a directory")
        }
        for input in inputs where sameFile(input, output) {
            throw CLIError("\(output): output is the same file as input '\(input)'; refusing to overwrite an input")
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
