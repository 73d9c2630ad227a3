import Foundation

/// A hidden temporary folder beside a numbered sequence's files (`frames/f%04d.png`), which the
/// frames are written into and moved out of, into place, only when all of them are done: a
/// failed or interrupted run leaves none of its frames, and never a mix of old and new ones
/// (`OutputPath` finds a folder in the way of any frame before the run; only a move that fails
/// for another reason, such as the folder made read-only during the run, leaves a mix).
/// Deleted with its contents in deinit unless committed, and registered like a temporary file
/// so a stopping signal removes it too; held locked (`flock`) as a temporary file is, so that a
/// later run can tell one that a run killed outright left behind (`StalePartialFiles`).
final class TemporaryOutputFolder {
    /// The folder the frames go to in the end.
    let targetFolder: String
    let temporaryPath: String
    private var committed = false
    /// Open on the folder, locked, for as long as this object lives.
    private let lock: Int32

    init(pattern: String) throws {
        try OutputPath.checkFolder(of: pattern)
        targetFolder = FilePaths.folder(of: pattern)
        StalePartialFiles.remove(in: targetFolder, olderThan: ProcessStart.date)
        while true {
            // No % in the folder's name: FFmpeg reads the whole path as the pattern.
            let name = PartialFileName.make(for: FilePaths.name(of: pattern).replacingOccurrences(of: "%", with: "_"))
            let path = FilePaths.resolve(name, in: targetFolder)
            let (made, error) = try TemporaryOutputFile.creatingFiles { registered in
                let made = mkdir(path, 0o700) == 0
                if made { registered.insert(path) }
                return (made, errno)
            }
            if !made && error == EEXIST { continue }
            guard made else {
                throw MediaError(.writeFailed, path: pattern, reason: "cannot create a folder for the frames (\(String(cString: strerror(error))))")
            }
            let lock = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            // Held by another run's sweep in the moment before it was locked here: it is that run's to remove.
            if lock >= 0, flock(lock, LOCK_EX | LOCK_NB) != 0, errno == EWOULDBLOCK {
                close(lock)
                TemporaryOutputFile.unregister(path)
                continue
            }
            (temporaryPath, self.lock) = (path, lock)
            break
        }
    }

    /// Moves every file written into the temporary folder to the target folder (replacing files
    /// of the same names), in name order, then removes the temporary folder. A stopping signal
    /// that arrives meanwhile waits for the last frame to be moved (its cleanup takes the same
    /// lock): removing the rest of the folder halfway left old and new frames mixed.
    func commit(reportedPath: String) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: temporaryPath).sorted()
        try TemporaryOutputFile.creatingFiles { registered in
            for name in names {
                guard rename(FilePaths.resolve(name, in: temporaryPath), FilePaths.resolve(name, in: targetFolder)) == 0 else {
                    throw MediaError(.writeFailed, path: reportedPath, reason: "cannot move frame '\(name)' into place (\(String(cString: strerror(errno))))")
                }
            }
            rmdir(temporaryPath)
            registered.remove(temporaryPath)
        }
        committed = true
    }

    deinit {
        if !committed {
            Self.remove(temporaryPath)
            TemporaryOutputFile.unregister(temporaryPath)
        }
        if lock >= 0 { close(lock) }
    }

    /// Deletes a temporary folder and the files in it (it holds no folders). The folder is first
    /// moved to another name: a signal's cleanup runs while the encoder's thread still writes
    /// frames, and a frame it creates by the old path after the folder was emptied would keep
    /// the folder from being removed; by the old path it now cannot create one.
    static func remove(_ path: String) {
        // A short name of its own in the same folder: the temporary name may be near the longest.
        let doomed = FilePaths.resolve(PartialFileName.make(for: "removed"), in: FilePaths.folder(of: path))
        let emptied = rename(path, doomed) == 0 ? doomed : path
        guard let directory = opendir(emptied) else { return }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { unlink(FilePaths.resolve(name, in: emptied)) }
        }
        closedir(directory)
        rmdir(emptied)
    }
}
