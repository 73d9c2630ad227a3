/// The Orientation tag (274) of the first directory of a TIFF structure: a TIFF file, or the EXIF
/// block a PNG (eXIf chunk) or WebP (EXIF chunk) carries, which is a TIFF structure too. Only the
/// header and that directory's entries are read, never past the structure's own length.
enum TIFFOrientationTag {
    /// Where a TIFF structure's first directory is and how many entries it claims.
    struct FirstDirectory {
        /// Offset of its entry count in the file.
        let offset: Int
        let entryCount: Int
        let littleEndian: Bool

        /// The bytes it claims: its entry count, 12 bytes an entry, the next directory's offset.
        var byteCount: Int { 2 + 12 * entryCount + 4 }
    }

    /// The first directory of the TIFF structure `length` bytes long at `start`; nil when the
    /// structure is malformed.
    static func firstDirectory(in bytes: FileBytes, at start: Int, length: Int) -> FirstDirectory? {
        var (start, length) = (start, length)
        // Some writers keep JPEG's "Exif\0\0" prefix in front of the TIFF header.
        if bytes.read(at: start, count: 6) == Array("Exif".utf8) + [0, 0] {
            (start, length) = (start + 6, length - 6)
        }
        let header = bytes.read(at: start, count: 8)
        guard header.count == 8, length >= 8 else { return nil }
        let littleEndian: Bool
        switch header.prefix(2).ascii {
        case "II": littleEndian = true
        case "MM": littleEndian = false
        default: return nil
        }
        guard header.uint16(at: 2, littleEndian: littleEndian) == 42,
              let directory = header.uint32(at: 4, littleEndian: littleEndian), directory >= 8, directory + 2 <= length,
              let count = bytes.read(at: start + directory, count: 2).uint16(at: 0, littleEndian: littleEndian) else { return nil }
        return FirstDirectory(offset: start + directory, entryCount: count, littleEndian: littleEndian)
    }

    /// The tag's value, 1–8, in the TIFF structure `length` bytes long at `start`; nil when it
    /// has none or the structure is malformed.
    static func value(in bytes: FileBytes, at start: Int, length: Int) -> Int? {
        guard let directory = firstDirectory(in: bytes, at: start, length: length) else { return nil }
        let littleEndian = directory.littleEndian
        let entries = bytes.read(at: directory.offset + 2, count: min(directory.entryCount * 12, start + length - directory.offset - 2))
        for entry in stride(from: 0, to: entries.count - 11, by: 12) where entries.uint16(at: entry, littleEndian: littleEndian) == 274 {
            // A SHORT (type 3) whose value sits in the first two bytes of the value field.
            guard entries.uint16(at: entry + 2, littleEndian: littleEndian) == 3,
                  let value = entries.uint16(at: entry + 8, littleEndian: littleEndian), (1...8).contains(value) else { return nil }
            return value
        }
        return nil
    }
}
