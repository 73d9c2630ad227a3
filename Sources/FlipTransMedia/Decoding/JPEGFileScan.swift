import FlipTransCore

extension ImageFileScan {
    /// Walks a JPEG's markers to its EOI: counts scans (SOS) and EXIF bytes (APP1 "Exif"),
    /// stepping over each segment by its length and over each scan's entropy-coded data to the
    /// next marker; notes a file that ends before EOI.
    static func jpeg(_ bytes: FileBytes, path: String) throws -> ImageFileScan {
        var scan = ImageFileScan()
        scan.format = "JPEG"
        var (offset, scans, exif) = (2, 0, 0)
        while true {
            // Markers are 0xFF, any number of 0xFF fill bytes, then the code; stray bytes between
            // segments are skipped, as decoders do.
            guard let marker = bytes.firstIndex(of: 0xFF, from: offset) else { break }
            var codeOffset = marker + 1
            while bytes.byte(at: codeOffset) == 0xFF { codeOffset += 1 }
            guard let code = bytes.byte(at: codeOffset) else { break }
            offset = codeOffset + 1
            switch code {
            case 0xD9:
                return scan
            case 0x00, 0x01, 0xD0...0xD8:
                continue // a stuffed byte, TEM, RSTn or SOI: no length follows
            default:
                break
            }
            if code == 0xDA { scan.reachesScan = true }
            guard let length = bytes.read(at: offset, count: 2).uint16(at: 0, littleEndian: false), length >= 2,
                  offset + length <= bytes.size else { break }
            if code == 0xE1, bytes.read(at: offset + 2, count: 4) == Array("Exif".utf8) {
                // After the length and "Exif\0\0" comes the TIFF structure.
                try scan.recordExif(in: bytes, at: offset + 8, length: length - 8, total: &exif, path: path)
            }
            // Arithmetic coding (SOF9–11, SOF13–15), which FFmpeg's decoder refuses only once it
            // reaches the picture.
            if [0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF].contains(code) {
                scan.unsupported = "it is arithmetic-coded, which FFmpeg's JPEG decoder does not read; save it with Huffman coding, as cameras and most programs do"
            }
            // Start of frame (SOF0–15 but DHT, JPG and DAC): precision, height, width.
            if (0xC0...0xCF).contains(code), ![0xC4, 0xC8, 0xCC].contains(code), scan.codedSize == nil {
                let header = bytes.read(at: offset + 3, count: 4)
                if let height = header.uint16(at: 0, littleEndian: false), let width = header.uint16(at: 2, littleEndian: false) {
                    scan.codedSize = PixelSize(width: width, height: height)
                }
            }
            offset += length
            if code == 0xDA {
                scans += 1
                try DecodingLimits.checkJPEGScans(scans, path: path)
                guard let next = endOfEntropyCodedData(in: bytes, from: offset) else { break }
                offset = next
            }
        }
        scan.endsEarly = true
        return scan
    }

    /// The offset of the marker that ends a scan's entropy-coded data: the first 0xFF followed by
    /// neither a stuffed 0x00 nor a restart marker (RST0–7), which belong to the data.
    private static func endOfEntropyCodedData(in bytes: FileBytes, from start: Int) -> Int? {
        var offset = start
        while let candidate = bytes.firstIndex(of: 0xFF, from: offset) {
            guard let next = bytes.byte(at: candidate + 1) else { return nil }
            if next != 0x00, next != 0xFF, !(0xD0...0xD7).contains(next) { return candidate }
            offset = candidate + 1
        }
        return nil
    }
}
