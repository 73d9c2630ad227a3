import Foundation

/// A hidden temporary path beside an output file, renamed onto the output only on success, so a
/// failed or interrupted run never leaves a truncated file at the output path (and never
/// harms an existing one). Deleted in deinit unless committed.
///
/// The temporary file is created at once (never one that exists) and held open with a lock until
/// it is renamed or deleted, which tells other runs it is alive; before creating it, the stale
/// partial files of runs that were killed outright are removed from the folder. An interrupt
/// (SIGINT, SIGTERM, SIGHUP) handled by the command line deletes it too.
///
/// A sink of an output format declared outside this module writes through one, so that it keeps
/// `OutputSink`'s promise: `append` the bytes, `commit()` in `finish()`.
public final class TemporaryOutputFile {
    /// The file the temporary file replaces on `commit()`: the output path, or the file a
    /// symbolic link there points to.
    public let targetPath: String
    /// The hidden file written until then, in the same folder.
    public let temporaryPath: String
    /// Open on the temporary file, locked, until committed or deleted; `append` writes through it.
    private var lock: Int32
    private var committed = false

    /// Every temporary path not yet committed or deleted, for `InterruptCleanup`; once it has
    /// removed them (`removed`), no temporary file may be created, as the process is ending.
    private static let registered = LockedValue<(paths: Set<String>, removed: Bool)>(([], false))

    /// Creates the temporary file for `target`, after checking that its folder exists and may be
    /// written, that the name fits the folder, and that `target` is not a folder. Throws a
    /// `MediaError` naming `target` when it cannot.
    public init(target: String) throws {
        try OutputPath.check(target)
        let target = try OutputPath.resolved(target)
        targetPath = target
        let folder = FilePaths.folder(of: target)
        StalePartialFiles.remove(in: folder, olderThan: ProcessStart.date)
        while true {
            let path = FilePaths.resolve(PartialFileName.make(for: FilePaths.name(of: target)), in: folder)
            // Created and registered in one step, so a signal's cleanup removes it or it is never made.
            let (descriptor, error) = try Self.creatingFiles { registered in
                // Readable and writable by all the umask allows, as a file a program creates.
                let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
                if descriptor >= 0 { registered.insert(path) }
                return (descriptor, errno)
            }
            if descriptor < 0 && error == EEXIST { continue }
            guard descriptor >= 0 else {
                throw MediaError(.writeFailed, path: target, reason: "cannot create the output file (\(String(cString: strerror(error))))")
            }
            // A file no one else has opened yet: this cannot be refused.
            flock(descriptor, LOCK_EX | LOCK_NB)
            (temporaryPath, lock) = (path, descriptor)
            break
        }
    }

    /// Runs `body`, which may create a temporary file (or open one anew: FFmpeg opens it with
    /// O_CREAT) and register it, so that it cannot run while a signal's cleanup removes the
    /// temporary files, nor after: then it throws `CancellationError`, as the process is ending.
    static func creatingFiles<Result>(_ body: (_ registered: inout Set<String>) throws -> Result) throws -> Result {
        try registered.withLock { registered in
            guard !registered.removed else { throw CancellationError() }
            return try body(&registered.paths)
        }
    }

    /// Writes all of `bytes` to the end of the temporary file; a short write (a full disk) is an
    /// error. Written straight from the caller's buffer, so a large encoded picture is never copied.
    public func append(_ bytes: UnsafeRawBufferPointer) throws {
        guard let start = bytes.baseAddress else { return }
        var written = 0
        while written < bytes.count {
            let count = Glibc.write(lock, start + written, bytes.count - written)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw writeError() }
            written += count
        }
    }

    private func writeError() -> MediaError {
        MediaError(.writeFailed, path: targetPath, reason: "cannot write to the output file (\(String(cString: strerror(errno))))")
    }

    /// Moves the finished temporary file onto the target path.
    public func commit() throws {
        // A file replaced keeps its permissions, as when a program overwrites it in place (not
        // set-user or set-group bits, which the new content was not given).
        var replaced = stat()
        if stat(targetPath, &replaced) == 0, replaced.st_mode & S_IFMT == S_IFREG { fchmod(lock, replaced.st_mode & 0o777) }
        guard rename(temporaryPath, targetPath) == 0 else {
            throw MediaError(.writeFailed, path: targetPath, reason: "cannot move the finished file into place (\(String(cString: strerror(errno))))")
        }
        committed = true
        Self.unregister(temporaryPath)
        releaseLock()
    }

    private func releaseLock() {
        if lock >= 0 { close(lock) }
        lock = -1
    }

    /// Forgets a temporary path that was moved into place or deleted.
    static func unregister(_ path: String) {
        _ = registered.withLock { $0.paths.remove(path) }
    }

    /// Deletes every registered temporary file (and a sequence's temporary folder with its
    /// frames), and lets no more be created; for signal handlers about to exit.
    static func removeAllRegistered() {
        registered.withLock { registered in
            for path in registered.paths where unlink(path) != 0 && errno == EISDIR {
                TemporaryOutputFolder.remove(path)
            }
            registered = ([], true)
        }
    }

    deinit {
        if !committed {
            unlink(temporaryPath)
            Self.unregister(temporaryPath)
        }
        releaseLock()
    }
}
