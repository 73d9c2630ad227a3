/// A PNG whose header declares any size, with valid chunk checksums, so decoders believe it:
/// the "lying header" that must be refused before gigabytes are allocated.
enum PNGHeader {
    static func claiming(width: UInt32, height: UInt32) -> [UInt8] {
        // 8-bit RGBA, no interlace; then a token zlib stream (never reached) and the end marker.
        let header = PNGBytes.bigEndian(width) + PNGBytes.bigEndian(height) + [8, 6, 0, 0, 0]
        let data: [UInt8] = [0x78, 0x9C, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01]
        return PNGBytes.signature + PNGBytes.chunk("IHDR", header) + PNGBytes.chunk("IDAT", data) + PNGBytes.chunk("IEND", [])
    }
}
