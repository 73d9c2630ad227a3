extension ImageFileScan {
    /// A TIFF's first directory: the tags EXIF is made of (an EXIF block is a TIFF structure), so
    /// its size is held to the EXIF limit before it is read, as EXIF is in the other formats
    /// (up to 65 535 entries, 786 KB, could be claimed); then its Orientation tag, whether the
    /// picture's strips lie within the file (a file cut short loses its last ones, which
    /// FFmpeg's decoder would leave black without a word), what FFmpeg cannot decode (tiles,
    /// JPEG compression), and whether its alpha is associated.
    static func tiff(_ bytes: FileBytes, path: String) throws -> ImageFileScan {
        var scan = ImageFileScan()
        scan.format = "TIFF"
        if let tiff = TIFFStructure(length: bytes.size, read: { bytes.read(at: $0, count: $1) }),
           let entries = tiff.entryCount(inDirectoryAt: tiff.firstDirectory) {
            // Its entry count, 12 bytes an entry, the next directory's offset.
            try DecodingLimits.checkExif(2 + 12 * entries + 4, path: path)
            // Strip offsets and byte counts, or tile offsets and byte counts.
            for (offsetsTag, countsTag) in [(273, 279), (324, 325)] {
                func values(_ tag: Int) -> [Int]? {
                    tiff.entry(tag, inDirectoryAt: tiff.firstDirectory).flatMap { tiff.numbers($0, limit: DecodingLimits.exifBytes / 2) }
                }
                guard let offsets = values(offsetsTag), let counts = values(countsTag), offsets.count == counts.count else { continue }
                scan.endsEarly = zip(offsets, counts).contains { $0 + $1 > bytes.size }
            }
            func number(_ tag: Int) -> Int? { tiff.entry(tag, inDirectoryAt: tiff.firstDirectory).flatMap(tiff.number) }
            // TileWidth; Compression 6 or 7 (JPEG). FFmpeg's decoder leaves both black.
            if tiff.entry(322, inDirectoryAt: tiff.firstDirectory) != nil {
                scan.unsupported = "its picture is stored in tiles, which FFmpeg's TIFF decoder leaves black; save it in strips"
            } else if let compression = number(259), compression == 6 || compression == 7 {
                scan.unsupported = "its picture is JPEG-compressed, which FFmpeg's TIFF decoder leaves black; save it with LZW, Deflate or no compression"
            }
            // ExtraSamples 1: associated (premultiplied) alpha.
            scan.premultipliedAlpha = number(338) == 1
        }
        scan.orientation = exifOrientation(in: bytes, at: 0, length: bytes.size)
        scan.exifBlock = (0, bytes.size)
        return scan
    }
}
