/// Bounds on the work a file may ask of the decoder besides its picture's size (`PixelLimit`):
/// metadata that grows when it is read, and JPEG scans. Each is checked by a look at the file's
/// structure (`ImageFileScan`) before FFmpeg reads it, and refuses the file, naming the limit.
enum DecodingLimits {
    /// What a PNG's compressed metadata — zTXt and compressed iTXt text (XMP among it), iCCP
    /// colour profiles — may inflate to, all chunks together. FFmpeg inflates zTXt and iCCP whole
    /// into memory, doubling its buffer as it grows: a 1 MB chunk of zeros would take over 2 GB.
    /// Real text and profiles are far smaller (a large printer profile is a few megabytes).
    static let inflatedMetadataBytes = 16 << 20

    /// EXIF blocks, all together, or a TIFF's first directory (EXIF's own structure): 64 KiB is
    /// the most one JPEG APP1 segment holds, and EXIF was made for that segment. FFmpeg parses EXIF in JPEG and WebP into a dictionary at a cost that
    /// grows with the square of its entries: 65 535 entries, an 800 KB WebP, take 30 s.
    static let exifBytes = 64 << 10

    /// Scans (SOS segments) in a JPEG, as libjpeg-turbo limits untrusted files (TurboJPEG's
    /// TJFLAG_LIMITSCANS). A progressive JPEG has about 10; each scan is another pass over the
    /// picture's blocks, so thousands of tiny scans multiply the decoding time.
    static let jpegScans = 500

    static func checkInflatedMetadata(_ bytes: Int, path: String) throws {
        guard bytes > inflatedMetadataBytes else { return }
        throw MediaError(.inputTooLarge, path: path, reason: "its compressed metadata (text and colour profile chunks) inflates to more than \(inflatedMetadataBytes >> 20) MiB, the limit for an image's metadata")
    }

    static func checkExif(_ bytes: Int, path: String) throws {
        guard bytes > exifBytes else { return }
        throw MediaError(.inputTooLarge, path: path, reason: "its EXIF metadata is \(bytes) bytes, over the limit of \(exifBytes) bytes (64 KiB, what a JPEG's EXIF segment holds)")
    }

    static func checkJPEGScans(_ scans: Int, path: String) throws {
        guard scans > jpegScans else { return }
        throw MediaError(.inputTooLarge, path: path, reason: "the JPEG has more than \(jpegScans) scans, the limit (a progressive JPEG has about 10; each scan is another pass over the picture)")
    }
}
