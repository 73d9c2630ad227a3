import Foundation

/// Partial files, and a sequence's partial folders of frames, that a run stopped outright left
/// behind — `kill -9`, a crash, the kernel's out-of-memory killer, a power cut — which no signal
/// handler could remove. Every run that writes into a folder removes them there first
/// (`TemporaryOutputFile`), so they do not pile up.
///
/// A partial file or folder is stale when it is named like one (`PartialFileName`), was last
/// modified before `cutoff` (by default when this program started, so nothing a run started after
/// it can be touched), and no live process holds it: a run keeps it locked (`flock`) from
/// creating it until it is renamed or deleted, and the kernel drops the lock when the process
/// ends, however it ends.
package enum StalePartialFiles {
    /// Removes the stale partial files in the folder `output` is written to.
    package static func remove(besideOutput output: String, olderThan cutoff: Date = ProcessStart.date) {
        remove(in: FilePaths.folder(of: output), olderThan: cutoff)
    }

    static func remove(in folder: String, olderThan cutoff: Date) {
        // A folder is swept once a run with the program's start as the cutoff: no file can turn
        // stale by that cutoff afterwards but one whose owner still lived, left to the next run.
        // A batch writing 10,000 outputs into one folder listed it for every job (34 s).
        if cutoff == ProcessStart.date, !sweptSinceStart.withLock({ $0.insert(folder).inserted }) { return }
        for name in hiddenNames(in: folder) where PartialFileName.matches(name) {
            let path = FilePaths.resolve(name, in: folder)
            var status = stat()
            guard lstat(path, &status) == 0, [S_IFREG, S_IFDIR].contains(status.st_mode & S_IFMT),
                  Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9 < cutoff.timeIntervalSince1970 else { continue }
            let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            // Held while removing, so its owner cannot be alive; the name is never reused.
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                if status.st_mode & S_IFMT == S_IFDIR { TemporaryOutputFolder.remove(path) } else { unlink(path) }
            }
            close(descriptor)
        }
    }

    /// The folders swept with the program's start as the cutoff.
    private static let sweptSinceStart = LockedValue<Set<String>>([])

    /// The names in `folder` that start with a dot, read with readdir: a folder of a batch's
    /// 100,000 outputs is listed in milliseconds, as only hidden names are made into strings.
    private static func hiddenNames(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            withUnsafeBytes(of: &entry.pointee.d_name) { bytes in
                guard bytes.first == UInt8(ascii: ".") else { return }
                names.append(String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self))
            }
        }
        return names
    }
}
