/// EXIF orientation written where each format keeps it: an EXIF block (a TIFF structure with one
/// directory holding the Orientation tag), a JPEG's APP1 segment, a PNG's eXIf chunk, a WebP's
/// EXIF chunk, a TIFF's own first directory.
enum ExifBytes {
    /// A TIFF structure whose first directory holds only Orientation (tag 274, a SHORT).
    static func orientation(_ value: Int, bigEndian: Bool) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
        return Array((bigEndian ? "MM" : "II").utf8) + u16(42) + u32(8)
            + u16(1) + u16(274) + u16(3) + u32(1) + u16(value) + u16(0)
            + u32(0) // no next directory
    }

    /// `jpeg` with an APP1 segment holding `exif` right after its SOI marker.
    static func jpeg(_ jpeg: [UInt8], with exif: [UInt8]) -> [UInt8] {
        let payload = Array("Exif".utf8) + [0, 0] + exif
        let length = payload.count + 2
        return Array(jpeg.prefix(2)) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + Array(jpeg.dropFirst(2))
    }

    /// `png` with an eXIf chunk holding `exif` before its image data.
    static func png(_ png: [UInt8], with exif: [UInt8]) -> [UInt8] {
        PNGBytes.inserting(PNGBytes.chunk("eXIf", exif), beforeIDATOf: png)
    }

    /// A simple WebP (one VP8 or VP8L chunk) of `width`×`height` turned extended: a VP8X header
    /// with the EXIF flag, its image, then an EXIF chunk holding `exif`.
    static func webp(_ webp: [UInt8], width: Int, height: Int, with exif: [UInt8]) -> [UInt8] {
        func u24(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v >> 16)] }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            Array(type.utf8) + u32(body.count) + body + (body.count % 2 == 1 ? [0] : [])
        }
        let body = Array("WEBP".utf8) + chunk("VP8X", [0x08, 0, 0, 0] + u24(width - 1) + u24(height - 1))
            + Array(webp.dropFirst(12)) + chunk("EXIF", exif)
        return Array("RIFF".utf8) + u32(body.count) + body
    }

    /// An extended WebP (one that starts with a VP8X chunk, as an animation does) with an EXIF
    /// chunk holding `exif` added at its end and the VP8X header's EXIF flag set.
    static func animatedWebP(_ webp: [UInt8], with exif: [UInt8]) -> [UInt8] {
        precondition(Array(webp[12..<16]) == Array("VP8X".utf8), "an extended WebP")
        var file = webp + Array("EXIF".utf8) + u32(exif.count) + exif + (exif.count % 2 == 1 ? [0] : [])
        file[20] |= 0x08
        file.replaceSubrange(4..<8, with: u32(file.count - 8))
        return file
    }

    /// A little-endian TIFF with an Orientation tag: its first directory is copied to the end of
    /// the file with the tag added (entries stay sorted by tag) and the header points there.
    /// `fillerTags` more entries, private tags from 40000 on that decoders skip, make the
    /// directory as large as a test needs.
    static func tiff(_ tiff: [UInt8], orientation: Int, fillerTags: Int = 0) -> [UInt8] {
        precondition(tiff.starts(with: Array("II".utf8)), "a little-endian TIFF")
        func u16(at i: Int) -> Int { Int(tiff[i]) | Int(tiff[i + 1]) << 8 }
        let directory = u16(at: 4) | u16(at: 6) << 16
        var entries = (0..<u16(at: directory)).map { Array(tiff[directory + 2 + 12 * $0..<directory + 14 + 12 * $0]) }
        entries.append([0x12, 0x01, 3, 0, 1, 0, 0, 0, UInt8(orientation), 0, 0, 0])
        entries += (0..<fillerTags).map { [UInt8((40000 + $0) & 0xFF), UInt8((40000 + $0) >> 8), 3, 0, 1, 0, 0, 0, 0, 0, 0, 0] }
        entries.sort { Int($0[0]) | Int($0[1]) << 8 < Int($1[0]) | Int($1[1]) << 8 }
        var file = tiff + (tiff.count % 2 == 1 ? [0] : [])
        let newDirectory = file.count
        file += [UInt8(entries.count & 0xFF), UInt8(entries.count >> 8)] + entries.flatMap { $0 } + [0, 0, 0, 0]
        file.replaceSubrange(4..<8, with: u32(newDirectory))
        return file
    }

    private static func u32(_ v: Int) -> [UInt8] { [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: v >> $0) } }
}
