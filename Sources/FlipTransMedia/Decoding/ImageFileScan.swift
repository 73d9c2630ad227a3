import FlipTransCore

/// What a bounded look at a file's structure finds before FFmpeg reads it: whether the file ends
/// early, whether it is an animated WebP, and the orientation its own EXIF or TIFF tag gives; it
/// refuses metadata and JPEG scans over `DecodingLimits`. Only headers, chunk and segment
/// boundaries and the few bytes that matter are read. PNG, JPEG, WebP, TIFF and GIF files are
/// looked at; others pass as they are.
struct ImageFileScan {
    /// "PNG", "JPEG", "WebP", "TIFF" or "GIF" when the file starts as one, nil for files not looked at.
    var format: String?
    /// The file ends before its end: PNG's IEND chunk, JPEG's EOI marker, the size WebP's RIFF
    /// header gives, the end of a GIF's first image. FFmpeg's JPEG decoder would fill the missing part in without a word.
    var endsEarly = false
    /// JPEG: the file reaches the start of a scan (its SOS marker). Cut short before that, it
    /// decodes to nothing even with damage accepted; from there on, FFmpeg's decoder gives a picture.
    var reachesScan = false
    /// More than one picture: an APNG (its acTL chunk), an animated WebP, a GIF of several images.
    var isAnimation = false
    /// An animated WebP, which FFmpeg 5.1 cannot decode (libwebp decodes its first frame).
    var isAnimatedWebP: Bool { format == "WebP" && isAnimation }
    /// From JPEG's EXIF (APP1) segment, PNG's eXIf chunk, WebP's EXIF chunk or a TIFF's
    /// Orientation tag. FFmpeg 5.1 applies none of these but JPEG's, which it reads its own way
    /// (`DisplayOrientation`); this reading serves JPEG too, so the shape `ImageProbe` gives a
    /// frame is the shape of the picture decoded.
    var orientation: DisplayOrientation?
    /// Where the first EXIF block (a TIFF structure) lies, for `PhotoDate`.
    var exifBlock: (offset: Int, length: Int)?
    /// The picture's size as its header states it (PNG's IHDR, JPEG's start-of-frame), before
    /// any orientation; nil for other formats.
    var codedSize: PixelSize?

    /// A feature of the picture FFmpeg 5.1 cannot decode, which it would decode wrongly or only
    /// fail on when the slide is reached: a TIFF in tiles or JPEG-compressed (black without a
    /// word), an arithmetic-coded JPEG.
    var unsupported: String?
    /// The picture's colours are premultiplied by its alpha (a TIFF's associated alpha), which
    /// FFmpeg returns as they are stored, as if they were straight.
    var premultipliedAlpha = false

    /// What is damaged, as far as the look found.
    var damage: String? { endsEarly ? DamagedImagePolicy.cutShort : nil }

    /// The refusal of a file with an `unsupported` feature.
    func unsupportedError(path: String) -> MediaError? {
        guard let unsupported, let format else { return nil }
        return MediaError(.inputUnsupported, path: path,
                          reason: "this \(format) is not supported (\(unsupported)); supported: \(SupportedFormats.summary)")
    }

    init() {}

    init(path: String) throws {
        let bytes = try FileBytes(path: path)
        let head = bytes.read(at: 0, count: 12)
        if head.starts(with: [0x89] + Array("PNG\r\n\u{1A}\n".utf8)) {
            self = try Self.png(bytes, path: path)
        } else if head.starts(with: [0xFF, 0xD8]) {
            self = try Self.jpeg(bytes, path: path)
        } else if head.count == 12, head.prefix(4).ascii == "RIFF", head.suffix(4).ascii == "WEBP" {
            self = try Self.webp(bytes, path: path)
        } else if head.starts(with: Array("II*\0".utf8)) || head.starts(with: Array("MM\0*".utf8)) {
            self = try Self.tiff(bytes, path: path)
        } else if head.starts(with: Array("GIF8".utf8)) {
            self = Self.gif(bytes)
        }
    }

    /// Counts an EXIF block of `length` bytes at `offset` into `total`, refusing more than the
    /// limit, and takes its orientation unless an earlier block gave one.
    mutating func recordExif(in bytes: FileBytes, at offset: Int, length: Int, total: inout Int, path: String) throws {
        total += length
        try DecodingLimits.checkExif(total, path: path)
        exifBlock = exifBlock ?? (offset, length)
        orientation = orientation ?? Self.exifOrientation(in: bytes, at: offset, length: length)
    }

    /// The orientation in the EXIF block (or TIFF file) of `length` bytes at `offset`.
    static func exifOrientation(in bytes: FileBytes, at offset: Int, length: Int) -> DisplayOrientation? {
        TIFFOrientationTag.value(in: bytes, at: offset, length: length).flatMap(DisplayOrientation.init(exifOrientation:))
    }
}
