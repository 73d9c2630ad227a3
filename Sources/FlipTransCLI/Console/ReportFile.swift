import FlipTransMedia
import Glibc

/// The `--report` file, written a line at a time, locked against other batches.
final class ReportFile {
    let path: String
    private let descriptor: Int32
    /// The first write that failed, with the system's reason.
    private(set) var failure: String?

    init(_ path: String) throws {
        // Non-blocking, so that a FIFO no program reads is refused at once: opening it waited
        // for a reader for good, before any job ran.
        descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o666)
        guard descriptor >= 0 else {
            let error = errno
            var status = stat()
            let isFIFO = stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO
            let reason = error == ENXIO && isFIFO ? "it is a FIFO no program reads" : String(cString: strerror(error))
            throw CLIError("--report \(path): cannot write the report (\(reason))")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        self.path = path
        // Shards given one report each emptied it and wrote over the others' lines. The lock is
        // taken before the file is emptied, and held until this batch ends; a file system
        // without locks (NFS mounted `nolock`) goes without. A report that is this process's
        // stdout or stderr (`--report /dev/stdout >> log`) is another's to empty and share.
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              ![STDOUT_FILENO, STDERR_FILENO].contains(where: { FileIdentity(descriptor: $0) == FileIdentity(status) }) else { return }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0, errno == EWOULDBLOCK {
            close(descriptor)
            throw CLIError("--report \(path): another batch is writing it; give each batch, or shard, a report of its own")
        }
        guard ftruncate(descriptor, 0) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw CLIError("--report \(path): cannot write the report (\(reason))")
        }
    }

    func append(_ line: String) {
        guard failure == nil else { return }
        let bytes = Array((line + "\n").utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        if written != bytes.count {
            failure = "--report \(path): cannot write the report (\(String(cString: strerror(written < 0 ? errno : ENOSPC))))"
        }
    }

    deinit { close(descriptor) }
}
