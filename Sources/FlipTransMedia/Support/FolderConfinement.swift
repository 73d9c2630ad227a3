import Foundation

/// A folder that paths must stay inside once `..` and symbolic links are resolved, for running
/// jobs that someone else wrote (`batch --root`): a job may then read and write only there.
///
/// A path that does not exist yet (an output) is resolved through its nearest existing folder;
/// a `..` after a part that does not exist is refused, as it could lead anywhere once that part
/// is made. Paths are checked before the job runs: the folder's contents must not be changed
/// meanwhile by someone the confinement is meant to hold.
package struct FolderConfinement: Sendable {
    /// The folder as given, for messages.
    package let folder: String
    /// The folder resolved: absolute, without `..` or symbolic links.
    package let resolvedFolder: String

    package init(_ folder: String) throws {
        guard let resolved = Self.realPath(folder) else {
            throw MediaError(.invalidRequest, path: folder,
                             reason: errno == ENOENT ? "no such folder" : String(cString: strerror(errno)))
        }
        var status = stat()
        guard stat(resolved, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw MediaError(.invalidRequest, path: folder, reason: "not a folder")
        }
        self.folder = folder
        resolvedFolder = resolved
    }

    /// True when `path` (relative to the current folder, or absolute) is inside the folder.
    package func contains(_ path: String) -> Bool {
        guard let resolved = Self.resolve(path) else { return false }
        return resolved == resolvedFolder || resolved.hasPrefix(resolvedFolder == "/" ? "/" : resolvedFolder + "/")
    }

    /// The first of `paths` outside the folder, if any.
    package func firstOutside(_ paths: [String]) -> String? {
        paths.first { !contains($0) }
    }

    /// `path` with the folders that exist resolved and the rest appended; nil when a part that
    /// does not exist is followed by `..` — unless `throughMissing`, for which a missing folder's
    /// `..` is the folder it would be in (as `mkdir -p` makes it): the confinement refuses such a
    /// path, which could lead anywhere were the folder made a symbolic link meanwhile, but two
    /// jobs' outputs are compared as the batch will make them. Two paths that resolve alike name
    /// one file (or will).
    package static func resolve(_ path: String, throughMissing: Bool = false) -> String? {
        if let resolved = realPath(path) { return resolved }
        // A loop of links, or a path too long to resolve (which still opens from a folder deep
        // enough), could lead anywhere: it was taken as named, its links unresolved.
        guard errno != ELOOP, errno != ENAMETOOLONG else { return nil }
        let (folder, name) = (FilePaths.folder(of: path), FilePaths.name(of: path))
        var status = stat()
        // A link to nothing leads where its target would be made.
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK,
           let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
            return resolve(FilePaths.resolve(target, in: folder), throughMissing: throughMissing)
        }
        if throughMissing, name == "..", folder != path, lstat(folder, &status) != 0, errno == ENOENT {
            // The missing folder resolved (itself perhaps `m/..`), then the one it lies in.
            return resolve(folder, throughMissing: true).map(FilePaths.folder)
        }
        guard name != "..", folder != path, let resolvedFolder = resolve(folder, throughMissing: throughMissing) else { return nil }
        if name == "." || name.isEmpty { return resolvedFolder }
        return FilePaths.resolve(name, in: resolvedFolder)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
