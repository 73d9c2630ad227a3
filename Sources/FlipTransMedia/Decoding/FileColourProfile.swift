import Foundation

/// ICC profiles that FFmpeg 5.1's decoders leave in the file (it attaches PNG's, JPEG's, WebP's
/// and TIFF's to the frame): a BMP's embedded profile (a V5 header whose colour space type is
/// `MBED`), a GIF's ICC application extension (`ICCRGBG1012`, before the first image) and a
/// Photoshop file's ICC image resource (1039). They are read here from the file itself.
enum FileColourProfile {
    /// The profile's bytes, or nil when the file is neither, or has none.
    static func read(_ path: String) -> [UInt8]? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        guard let head = try? file.read(upToCount: 6).map(Array.init) else { return nil }
        if head.starts(with: Array("BM".utf8)) { return bmpProfile(file) }
        if head.starts(with: Array("GIF8".utf8)) { return gifProfile(file) }
        if head.starts(with: Array("8BPS".utf8)) { return psdProfile(file) }
        return nil
    }

    /// Profiles larger than this are not profiles a file carries (sRGB's is 3 KB).
    private static let largestProfile = 16 << 20

    private static func bmpProfile(_ file: FileHandle) -> [UInt8]? {
        // File header (14 bytes), then the info header: its size, ..., at 56 the colour space
        // type, at 112 and 116 the profile's offset (from the info header) and size.
        guard (try? file.seek(toOffset: 14)) != nil, let header = try? file.read(upToCount: 124).map(Array.init),
              header.count == 124, little32(header, 0) >= 124, header[56..<60] == ArraySlice(Array("DEBM".utf8)) else { return nil }
        let (offset, size) = (little32(header, 112), little32(header, 116))
        guard size > 0, size <= largestProfile, (try? file.seek(toOffset: UInt64(14 + offset))) != nil,
              let profile = try? file.read(upToCount: size).map(Array.init), profile.count == size else { return nil }
        return profile
    }

    private static func gifProfile(_ file: FileHandle) -> [UInt8]? {
        // Logical screen descriptor after the 6-byte signature; then the global colour table.
        guard let screen = try? file.read(upToCount: 7).map(Array.init), screen.count == 7 else { return nil }
        if screen[4] & 0x80 != 0, (try? file.seek(toOffset: file.offset() + UInt64(3 << (Int(screen[4] & 7) + 1)))) == nil { return nil }
        // Extensions (0x21, label, sub-blocks) until the first image (0x2C) or the trailer.
        while let introducer = byte(file), introducer == 0x21, let label = byte(file) {
            guard let blocks = subBlocks(file) else { return nil }
            let applicationID = Array("ICCRGBG1012".utf8)
            if label == 0xFF, blocks.first == applicationID { return blocks.dropFirst().flatMap { $0 } }
        }
        return nil
    }

    private static func psdProfile(_ file: FileHandle) -> [UInt8]? {
        // The 26-byte header, then the colour mode data and the image resources, each after its
        // length. A resource: "8BIM", its ID, a name (a length byte and text, padded to an even
        // size), its data's length, the data (padded to an even size).
        guard (try? file.seek(toOffset: 26)) != nil, let modeLength = big32(file),
              (try? file.seek(toOffset: file.offset() + UInt64(modeLength))) != nil, var remaining = big32(file) else { return nil }
        while remaining >= 12, let head = try? file.read(upToCount: 7).map(Array.init), head.count == 7,
              head.starts(with: Array("8BIM".utf8)) {
            let id = Int(head[4]) << 8 | Int(head[5])
            let nameBytes = (Int(head[6]) + 2) & ~1 // the length byte with the name, padded to even
            guard (try? file.seek(toOffset: file.offset() + UInt64(nameBytes - 1))) != nil, let size = big32(file),
                  6 + nameBytes + 4 + size <= remaining else { return nil }
            if id == 1039 {
                guard size > 0, size <= largestProfile, let profile = try? file.read(upToCount: size).map(Array.init),
                      profile.count == size else { return nil }
                return profile
            }
            let padded = (size + 1) & ~1
            guard (try? file.seek(toOffset: file.offset() + UInt64(padded))) != nil else { return nil }
            remaining -= 6 + nameBytes + 4 + padded
        }
        return nil
    }

    /// The sub-blocks of one extension, each without its length byte.
    private static func subBlocks(_ file: FileHandle) -> [[UInt8]]? {
        var blocks: [[UInt8]] = []
        var total = 0
        while let length = byte(file) {
            if length == 0 { return blocks }
            guard let block = try? file.read(upToCount: Int(length)).map(Array.init), block.count == Int(length) else { return nil }
            total += block.count
            guard total <= largestProfile else { return nil }
            blocks.append(block)
        }
        return nil
    }

    private static func byte(_ file: FileHandle) -> UInt8? { (try? file.read(upToCount: 1))?.first }

    private static func big32(_ file: FileHandle) -> Int? {
        guard let bytes = try? file.read(upToCount: 4).map(Array.init), bytes.count == 4 else { return nil }
        return bytes.reduce(0) { $0 << 8 | Int($1) }
    }

    private static func little32(_ bytes: [UInt8], _ at: Int) -> Int {
        (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
    }
}
