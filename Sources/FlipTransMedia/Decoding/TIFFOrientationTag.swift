/// The Orientation tag (274) of the first directory of a TIFF structure: a TIFF file, or the EXIF
/// block a JPEG (APP1 segment), PNG (eXIf chunk) or WebP (EXIF chunk) carries, which is a TIFF
/// structure too. Only the
/// header and that directory's entries are read, never past the structure's own length.
enum TIFFOrientationTag {
    /// The tag's value, 1–8, in the TIFF structure `length` bytes long at `start`; nil when it
    /// has none or the structure is malformed. A value stored as LONG, not the SHORT the
    /// standard asks for, is read too, as viewers do.
    static func value(in bytes: FileBytes, at start: Int, length: Int) -> Int? {
        guard let tiff = TIFFStructure(length: length, read: { bytes.read(at: start + $0, count: $1) }),
              let entry = tiff.entry(274, inDirectoryAt: tiff.firstDirectory),
              let value = tiff.number(entry), (1...8).contains(value) else { return nil }
        return value
    }
}
