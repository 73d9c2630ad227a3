import FlipTransCore

extension ImageFileScan {
    /// Walks a PNG's chunk headers (an APNG's too): sums what the compressed metadata inflates to
    /// and the EXIF bytes, reads the eXIf chunk's orientation, and notes a file ending before IEND.
    static func png(_ bytes: FileBytes, path: String) throws -> ImageFileScan {
        var scan = ImageFileScan()
        scan.format = "PNG"
        var (offset, inflated, exif) = (8, 0, 0)
        while true {
            let header = bytes.read(at: offset, count: 8)
            guard header.count == 8, let length = header.uint32(at: 0, littleEndian: false) else {
                scan.endsEarly = true
                break
            }
            let data = offset + 8
            guard data + length + 4 <= bytes.size else {
                scan.endsEarly = true
                break
            }
            switch header.suffix(4).ascii {
            case "IEND":
                return scan
            case "IHDR":
                let size = bytes.read(at: data, count: 8)
                if let width = size.uint32(at: 0, littleEndian: false), let height = size.uint32(at: 4, littleEndian: false) {
                    scan.codedSize = PixelSize(width: width, height: height)
                }
            case "zTXt", "iTXt", "iCCP":
                if let text = compressedText(in: bytes, chunk: header.suffix(4).ascii, at: data, length: length) {
                    inflated += CappedInflate.inflatedSize(of: bytes, at: text.lowerBound, count: text.count,
                                                           cap: DecodingLimits.inflatedMetadataBytes - inflated)
                    try DecodingLimits.checkInflatedMetadata(inflated, path: path)
                }
            case "eXIf":
                try scan.recordExif(in: bytes, at: data, length: length, total: &exif, path: path)
            case "acTL":
                scan.isAnimation = true
            default:
                break
            }
            offset = data + length + 4
        }
        return scan
    }

    /// Where the zlib stream of a zTXt, iTXt or iCCP chunk lies, nil when it holds none:
    /// zTXt and iCCP are `name\0 method stream`; iTXt is `keyword\0 compressed method language\0
    /// translated keyword\0 text`, its text a stream only when the flag is 1.
    private static func compressedText(in bytes: FileBytes, chunk: String, at data: Int, length: Int) -> Range<Int>? {
        let end = data + length
        func afterZero(from start: Int) -> Int? {
            guard start < end, let zero = bytes.firstIndex(of: 0, from: start), zero < end else { return nil }
            return zero + 1
        }
        guard let afterName = afterZero(from: data) else { return nil }
        if chunk != "iTXt" { return afterName + 1 < end ? (afterName + 1)..<end : nil }
        guard bytes.byte(at: afterName) == 1, let afterLanguage = afterZero(from: afterName + 2),
              let text = afterZero(from: afterLanguage) else { return nil }
        return text..<end
    }
}
