import CFFmpeg
import CZlib
import Foundation

/// The mark in every picture fliptrans writes as a file of its own — a still, a contact sheet, a
/// numbered sequence's frames: a PNG's `Software` text chunk right after its header, a JPEG's
/// comment right after its JFIF segment, both saying "fliptrans". A folder of photos tells its
/// own earlier output from the photos by it (a show written into it as frames became slides).
package enum OutputMark {
    static let software = "fliptrans"

    /// The PNG chunk: its length, type, "Software", a zero, the name, and the CRC of its type and data.
    private static let pngChunk: [UInt8] = {
        let body = Array("tEXt".utf8) + Array("Software".utf8) + [0] + Array(software.utf8)
        let crc = body.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
        return bigEndian(UInt32(body.count - 4)) + body + bigEndian(crc)
    }()

    /// The JPEG segment: COM, its length (counting itself), the name.
    private static let jpegSegment: [UInt8] = [0xFF, 0xFE] + bigEndian16(2 + software.utf8.count) + Array(software.utf8)

    /// PNG's signature and IHDR chunk: the mark goes after them.
    private static let pngHeaderLength = 8 + 8 + 13 + 4

    private static func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    private static func bigEndian16(_ value: Int) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    /// Where the mark goes in `picture`'s bytes (`prefix`: its first ones) and the mark; nil for
    /// bytes that are neither a PNG nor a JPEG.
    private static func placement(in prefix: [UInt8]) -> (offset: Int, mark: [UInt8])? {
        if prefix.starts(with: [0x89, 0x50, 0x4E, 0x47]), prefix.count >= pngHeaderLength { return (pngHeaderLength, pngChunk) }
        guard prefix.starts(with: [0xFF, 0xD8]) else { return nil }
        // After SOI, and after an APP0 (JFIF) segment there, which must come first.
        guard prefix.count >= 6, prefix[2] == 0xFF, prefix[3] == 0xE0 else { return (2, jpegSegment) }
        return (4 + Int(prefix[4]) << 8 + Int(prefix[5]), jpegSegment)
    }

    /// Puts the mark into an encoded PNG or JPEG picture, in place.
    static func mark(_ packet: UnsafeMutablePointer<AVPacket>, path: String) throws {
        let size = Int(packet.pointee.size)
        guard let data = packet.pointee.data,
              let (offset, mark) = placement(in: Array(UnsafeBufferPointer(start: data, count: min(size, 64)))), offset <= size else { return }
        try check(av_grow_packet(packet, Int32(mark.count)), "cannot mark the picture", .notEnoughMemory, path: path)
        let grown = packet.pointee.data!
        memmove(grown + offset + mark.count, grown + offset, size - offset)
        mark.withUnsafeBufferPointer { grown.advanced(by: offset).update(from: $0.baseAddress!, count: mark.count) }
    }

    /// Whether the file at `path` carries the mark: fliptrans wrote it.
    package static func isMarked(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 128)) ?? Data())
        guard let (offset, mark) = placement(in: head), offset + mark.count <= head.count else { return false }
        return Array(head[offset..<offset + mark.count]) == mark
    }
}
