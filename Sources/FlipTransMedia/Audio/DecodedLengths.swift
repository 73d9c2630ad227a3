import Glibc
import Synchronization

/// How long music files are as decoded, kept for the life of the process: a batch plans and
/// checks every job before any runs, and a thousand jobs on one song (at any offsets) would
/// decode it a thousand times. A file is decoded from its start as far as the furthest point
/// asked about so far; a file changed since (another size or modification time, or another file
/// at the path) is decoded again.
enum DecodedLengths {
    private struct Key: Hashable {
        /// The path's bytes: a composed and a decomposed "é" are two files.
        let path: [UInt8]
        let device: UInt64, inode: UInt64, size: Int64, modified: Int, modifiedNanoseconds: Int
    }

    /// Seconds decoded from the start, and whether the music ended there.
    struct Decoded {
        let seconds: Double
        let ended: Bool
    }

    private static let known = Mutex<[Key: Decoded]>([:])

    /// The seconds of the file at `path` as decoded from its start, decoding at least past
    /// `needed` seconds unless the music ends first.
    static func seconds(of path: String, past needed: Double) throws -> Decoded {
        var status = stat()
        guard stat(path, &status) == 0 else { return try decode(path, past: needed) }
        let key = Key(path: Array(path.utf8), device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
                      modified: status.st_mtim.tv_sec, modifiedNanoseconds: status.st_mtim.tv_nsec)
        if let decoded = known.withLock({ $0[key] }), decoded.ended || decoded.seconds > needed { return decoded }
        let decoded = try decode(path, past: needed)
        // Another thread may have decoded further meanwhile: the furthest stays.
        known.withLock { known in
            if let other = known[key], other.ended || other.seconds >= decoded.seconds { return }
            known[key] = decoded
        }
        return decoded
    }

    private static func decode(_ path: String, past needed: Double) throws -> Decoded {
        let seconds = try AudioInput(path: path).decodedSeconds(upTo: needed)
        return Decoded(seconds: seconds, ended: seconds <= needed)
    }
}
