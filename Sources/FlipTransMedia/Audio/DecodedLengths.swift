import Glibc
import Synchronization

/// The lengths of music files as decoded, kept for the life of the process: a batch plans every
/// job before any runs, and a thousand jobs fitted to one song would decode it a thousand times.
/// A file changed since (another size or modification time, or another file at the path) is
/// decoded again.
enum DecodedLengths {
    private struct Key: Hashable {
        /// The path's bytes: a composed and a decomposed "é" are two files.
        let path: [UInt8]
        let limit: Double
        let device: UInt64, inode: UInt64, size: Int64, modified: Int, modifiedNanoseconds: Int
    }

    private static let known = Mutex<[Key: Double]>([:])

    /// The seconds `decode` counts in the file at `path` (stopping past `limit`), counted once.
    static func seconds(of path: String, upTo limit: Double, decode: () throws -> Double) throws -> Double {
        var status = stat()
        guard stat(path, &status) == 0 else { return try decode() }
        let key = Key(path: Array(path.utf8), limit: limit, device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
                      modified: status.st_mtim.tv_sec, modifiedNanoseconds: status.st_mtim.tv_nsec)
        if let seconds = known.withLock({ $0[key] }) { return seconds }
        let seconds = try decode()
        known.withLock { $0[key] = seconds }
        return seconds
    }
}
