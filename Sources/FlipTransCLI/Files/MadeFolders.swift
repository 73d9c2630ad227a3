import FlipTransMedia
import Foundation

/// The folders above a job's output that do not exist before the job runs, which the job makes
/// (`BatchJob.makeFolder`, as `mkdir -p` would). A job that fails leaves nothing in them; the
/// batch takes them away as it ends, once no job can be writing into one (a job failing while
/// another made its way into the same new folder would have pulled it from under the other).
struct MadeFolders {
    /// Deepest first.
    let paths: [String]

    init(above output: String) {
        var paths: [String] = []
        var folder = FilePaths.folder(of: output)
        // `x/../renders` does not exist while `x` does not, yet names `renders`, which may: a path
        // that steps back up is left alone, rather than its folders taken for new ones.
        guard !folder.split(separator: "/").contains("..") else {
            self.paths = []
            return
        }
        while !FileManager.default.fileExists(atPath: folder) {
            paths.append(folder)
            let parent = FilePaths.folder(of: folder)
            if parent == folder { break }
            folder = parent
        }
        self.paths = paths
    }

    /// Removes every folder of these still empty, deepest first: one a job wrote into, or
    /// another program did, stays (rmdir removes only an empty folder).
    static func removeEmpty(_ made: [MadeFolders]) {
        let deepestFirst = Set(made.flatMap(\.paths)).sorted { $0.utf8.count > $1.utf8.count }
        for folder in deepestFirst { rmdir(folder) }
    }
}
