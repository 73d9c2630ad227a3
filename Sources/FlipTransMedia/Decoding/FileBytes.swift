import Foundation

/// Reads parts of a file by offset, for the looks at a file's structure taken before a decoder
/// sees it: only what is asked for is read, small reads come from one window kept in memory, and
/// the file is never read whole.
final class FileBytes {
    let size: Int
    private let descriptor: Int32
    private var window: [UInt8] = []
    private var windowStart = 0
    private static let windowSize = 64 * 1024

    /// Opens `path`, which must be a regular file: a FIFO is not waited on (opening one blocks
    /// until a writer comes), nor is a device read.
    init(path: String) throws {
        descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            throw MediaError(.inputUnreadable, path: path, reason: "not readable (\(String(cString: strerror(errno))))")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw MediaError(.inputUnreadable, path: path, reason: "not readable (\(reason))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw MediaError(.inputUnreadable, path: path, reason: "not a regular file")
        }
        size = Int(status.st_size)
    }

    deinit { close(descriptor) }

    /// `count` bytes from `offset`, fewer where the file ends. Callers bound `count`.
    func read(at offset: Int, count: Int) -> [UInt8] {
        guard offset >= 0, count > 0, offset < size else { return [] }
        let wanted = min(count, size - offset)
        if offset >= windowStart, offset + wanted <= windowStart + window.count {
            return Array(window[(offset - windowStart)..<(offset - windowStart + wanted)])
        }
        if wanted > Self.windowSize { return readDirectly(at: offset, count: wanted) }
        window = readDirectly(at: offset, count: Self.windowSize)
        windowStart = offset
        return Array(window.prefix(wanted))
    }

    func byte(at offset: Int) -> UInt8? { read(at: offset, count: 1).first }

    /// The offset of the first `value` at or after `offset`, nil when the file has none.
    func firstIndex(of value: UInt8, from offset: Int) -> Int? {
        var start = offset
        while start < size {
            if !(start >= windowStart && start < windowStart + window.count) {
                window = readDirectly(at: start, count: Self.windowSize)
                windowStart = start
                if window.isEmpty { return nil }
            }
            let found = window.withUnsafeBufferPointer { buffer -> Int? in
                let from = start - windowStart
                guard let hit = memchr(buffer.baseAddress! + from, Int32(value), buffer.count - from) else { return nil }
                return buffer.baseAddress!.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            }
            if let found { return windowStart + found }
            start = windowStart + window.count
        }
        return nil
    }

    private func readDirectly(at offset: Int, count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + filled, count - filled, off_t(offset + filled)) }
            if got < 0, errno == EINTR { continue }
            if got <= 0 { break }
            filled += got
        }
        return Array(bytes.prefix(filled))
    }
}
