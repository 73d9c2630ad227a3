extension ImageFileScan {
    /// Walks a WebP's RIFF chunks: the VP8X header's animation flag, the EXIF chunk's size and
    /// orientation, and a file shorter than its RIFF header says.
    static func webp(_ bytes: FileBytes, path: String) throws -> ImageFileScan {
        var scan = ImageFileScan()
        scan.format = "WebP"
        let riffEnd = 8 + (bytes.read(at: 4, count: 4).uint32(at: 0, littleEndian: true) ?? 0)
        scan.endsEarly = riffEnd > bytes.size
        var (offset, exif) = (12, 0)
        while offset + 8 <= min(riffEnd, bytes.size) {
            let header = bytes.read(at: offset, count: 8)
            guard let length = header.uint32(at: 4, littleEndian: true) else { break }
            let data = offset + 8
            guard data + length <= bytes.size else {
                scan.endsEarly = true
                break
            }
            switch header.prefix(4).ascii {
            case "VP8X":
                scan.isAnimation = (bytes.byte(at: data) ?? 0) & 0x02 != 0
            case "EXIF":
                try scan.recordExif(in: bytes, at: data, length: length, total: &exif, path: path)
            default:
                break
            }
            offset = data + length + length % 2 // chunks are padded to an even length
        }
        return scan
    }
}
