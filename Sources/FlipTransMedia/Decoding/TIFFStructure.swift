/// A TIFF structure — a TIFF file, or the EXIF block a JPEG, PNG, WebP or HEIF file carries —
/// read a few bytes at a time, never past its own length: its byte order and the entries of its
/// directories.
struct TIFFStructure {
    /// One directory entry: its type (3 SHORT, 4 LONG, 2 ASCII, …), count, and the 4-byte value
    /// field, which holds the value itself when it fits, else its offset.
    struct Entry {
        let type: Int
        let count: Int
        let field: [UInt8]
    }

    let littleEndian: Bool
    /// The first directory's offset.
    let firstDirectory: Int
    private let length: Int
    private let read: (_ offset: Int, _ count: Int) -> [UInt8]

    /// The structure `length` bytes long that `read` gives from offset 0; nil when malformed.
    init?(length: Int, read: @escaping (_ offset: Int, _ count: Int) -> [UInt8]) {
        var (length, read) = (length, read)
        // Some writers keep JPEG's "Exif\0\0" prefix in front of the TIFF header.
        if read(0, 6) == Array("Exif".utf8) + [0, 0] {
            let inner = read
            (length, read) = (length - 6, { inner($0 + 6, $1) })
        }
        let header = read(0, 8)
        guard header.count == 8, length >= 8 else { return nil }
        switch header.prefix(2).ascii {
        case "II": littleEndian = true
        case "MM": littleEndian = false
        default: return nil
        }
        guard header.uint16(at: 2, littleEndian: littleEndian) == 42,
              let directory = header.uint32(at: 4, littleEndian: littleEndian), directory >= 8 else { return nil }
        (self.length, self.read, firstDirectory) = (length, read, directory)
    }

    /// How many entries the directory at `directory` claims.
    func entryCount(inDirectoryAt directory: Int) -> Int? {
        guard directory + 2 <= length else { return nil }
        return read(directory, 2).uint16(at: 0, littleEndian: littleEndian)
    }

    /// The entry for `tag` in the directory at `directory`, if it has one.
    func entry(_ tag: Int, inDirectoryAt directory: Int) -> Entry? {
        guard let count = entryCount(inDirectoryAt: directory) else { return nil }
        let entries = read(directory + 2, min(count * 12, length - directory - 2))
        for entry in stride(from: 0, to: entries.count - 11, by: 12) where entries.uint16(at: entry, littleEndian: littleEndian) == tag {
            guard let type = entries.uint16(at: entry + 2, littleEndian: littleEndian),
                  let count = entries.uint32(at: entry + 4, littleEndian: littleEndian) else { return nil }
            return Entry(type: type, count: count, field: Array(entries[(entry + 8)..<(entry + 12)]))
        }
        return nil
    }

    /// A SHORT entry's value, or a LONG's.
    func number(_ entry: Entry) -> Int? {
        switch entry.type {
        case 3: entry.field.uint16(at: 0, littleEndian: littleEndian)
        case 4: entry.field.uint32(at: 0, littleEndian: littleEndian)
        default: nil
        }
    }

    /// A SHORT or LONG entry's values, when it has at most `limit` of them, all within the
    /// structure.
    func numbers(_ entry: Entry, limit: Int) -> [Int]? {
        let size = entry.type == 3 ? 2 : entry.type == 4 ? 4 : 0
        guard size > 0, entry.count > 0, entry.count <= limit else { return nil }
        let bytes: [UInt8]
        if entry.count * size <= 4 {
            bytes = entry.field
        } else {
            guard let offset = entry.field.uint32(at: 0, littleEndian: littleEndian), offset + entry.count * size <= length else { return nil }
            bytes = read(offset, entry.count * size)
        }
        let values = (0..<entry.count).compactMap { index in
            size == 2 ? bytes.uint16(at: index * 2, littleEndian: littleEndian) : bytes.uint32(at: index * 4, littleEndian: littleEndian)
        }
        return values.count == entry.count ? values : nil
    }

    /// An ASCII entry's text, up to its terminating zero.
    func text(_ entry: Entry) -> String? {
        guard entry.type == 2, entry.count > 0, entry.count <= 256 else { return nil }
        let bytes: [UInt8]
        if entry.count <= 4 {
            bytes = Array(entry.field.prefix(entry.count))
        } else {
            guard let offset = entry.field.uint32(at: 0, littleEndian: littleEndian), offset + entry.count <= length else { return nil }
            bytes = read(offset, entry.count)
        }
        return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
}
