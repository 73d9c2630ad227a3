/// PNG files built byte by byte: chunks with their checksums, and pixels as a zlib stream of
/// stored (uncompressed) deflate blocks, which every inflater reads.
enum PNGBytes {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// An 8-bit RGB PNG, `colour(x, y)` per pixel, with `extra` chunks before its IDAT.
    static func rgb(width: Int, height: Int, extra: [UInt8] = [], colour: (Int, Int) -> [UInt8]) -> [UInt8] {
        signature + chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0]) + extra
            + chunk("IDAT", pixels(width: width, height: height, colour: colour)) + chunk("IEND", [])
    }

    /// Rows of pixels, each after its filter byte (0: none), as stored zlib data: an IDAT's body.
    static func pixels(width: Int, height: Int, colour: (Int, Int) -> [UInt8]) -> [UInt8] {
        storedZlib((0..<height).flatMap { y in [0] + (0..<width).flatMap { x in colour(x, y) } })
    }

    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
    }

    /// `png` with `chunks` put in before its first IDAT chunk.
    static func inserting(_ chunks: [UInt8], beforeIDATOf png: [UInt8]) -> [UInt8] {
        var offset = 8
        while offset + 8 <= png.count, Array(png[offset + 4..<offset + 8]) != Array("IDAT".utf8) {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            offset += 12 + length
        }
        return Array(png[..<offset]) + chunks + Array(png[offset...])
    }

    /// `bytes` as a zlib stream of stored deflate blocks (at most 65535 bytes each).
    static func storedZlib(_ bytes: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let count = min(65535, bytes.count - start)
            let isLast: UInt8 = start + count == bytes.count ? 1 : 0
            stream += [isLast, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            stream += bytes[start..<start + count]
            start += count
        } while start < bytes.count
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return stream + bigEndian(b << 16 | a)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    /// The CRC-32 PNG chunks carry (ISO 3309, reflected polynomial 0xEDB88320).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
