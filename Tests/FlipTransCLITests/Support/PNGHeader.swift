/// A PNG whose header declares any size, with valid chunk checksums, so decoders believe it:
/// the "lying header" that must be refused before gigabytes are allocated.
enum PNGHeader {
    static func claiming(width: UInt32, height: UInt32) -> [UInt8] {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        // 8-bit RGBA, no interlace; then a token zlib stream (never reached) and the end marker.
        let header = bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]
        let data: [UInt8] = [0x78, 0x9C, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01]
        return signature + chunk("IHDR", header) + chunk("IDAT", data) + chunk("IEND", [])
    }

    private static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    /// The CRC-32 PNG chunks carry (ISO 3309, reflected polynomial 0xEDB88320).
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
