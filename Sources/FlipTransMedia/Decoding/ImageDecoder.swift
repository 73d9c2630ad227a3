import CFFmpeg
import FlipTransCore

/// Image files to `Image`s: every input a render reads goes through `decode`.
public enum ImageDecoder {
    /// Decodes the first frame of any image FFmpeg reads (PNG, JPEG, WebP, BMP, TIFF, PSD, GIF's
    /// first frame, APNG's default image; an animated WebP's first frame through libwebp) and HEIF
    /// images (HEIC, AVIF) with libheif, honouring EXIF orientation, to premultiplied sRGB RGBA at
    /// its natural (oriented) size; an embedded colour profile is applied, and one that cannot be
    /// is reported through `warning` ("warning: …", one line). An image larger than
    /// `pixelLimit` is refused before its pixels are allocated (see FrameReader), metadata or JPEG
    /// scans beyond `DecodingLimits` before FFmpeg reads them, and damaged data as
    /// `damagedImages` says (accepted damage is announced through `warning`). One that does not
    /// fit in memory is refused with "not enough memory for a WxH image".
    public static func decode(contentsOf path: String, pixelLimit: PixelLimit = .standard,
                              damagedImages: DamagedImagePolicy = .refuse, warning: (String) -> Void = { _ in }) throws -> Image {
        do {
            return try decodeWithinMemory(path, pixelLimit: pixelLimit, damagedImages: damagedImages, warning: warning)
        } catch let shortage as MemoryShortage {
            throw MediaError.notEnoughMemory(path: path, for: shortage.size, .image)
        } catch let refusal as MediaError where damagedImages == .refuse {
            throw DamagedImagePolicy.pointingToAcceptance(refusal) {
                (try? decodeWithinMemory(path, pixelLimit: pixelLimit, damagedImages: .accept, warning: { _ in })) != nil
            }
        }
    }

    /// `decode`, with running out of memory for a picture thrown as `MemoryShortage`.
    private static func decodeWithinMemory(_ path: String, pixelLimit: PixelLimit, damagedImages: DamagedImagePolicy,
                                           warning: (String) -> Void) throws -> Image {
        try InputFileCheck.requireReadableFile(path)
        if HEIFDetection.isHEIF(path) {
            return try HEIFDecoder.decode(contentsOf: path, pixelLimit: pixelLimit, damagedImages: damagedImages, warning: warning)
        }
        let scan = try ImageFileScan(path: path)
        if let unsupported = scan.unsupportedError(path: path) { throw unsupported }
        if let damage = scan.damage, damagedImages == .refuse {
            throw DamagedImagePolicy.refusal(path: path, detail: damage)
        }
        if scan.isAnimatedWebP {
            let image = try AnimatedWebP.firstFrame(ofFileAt: path, pixelLimit: pixelLimit, warning: warning)
            return try (scan.orientation ?? .identity).apply(to: image)
        }
        let reader = try FrameReader(contentsOf: path, pixelLimit: pixelLimit, damagedImages: damagedImages, scan: scan, onlyImages: true)
        guard let frame = try reader.nextFrame() else { throw reader.decodingError(nil) }
        // A decoder that hands out a frame it did not allocate through FrameReader's gate (one
        // wrapping the file's own bytes) is still held to the limit.
        try pixelLimit.check(PixelSize(width: Int(frame.pointee.width), height: Int(frame.pointee.height)), path: path)
        guard let image = try FrameConversion.image(from: frame, premultiplied: scan.premultipliedAlpha, path: path, warning: warning) else {
            let name = av_get_pix_fmt_name(AVPixelFormat(frame.pointee.format)).map { String(cString: $0) } ?? "unknown"
            throw MediaError(.inputUnsupported, path: path, reason: "unsupported pixel format \(name)")
        }
        if let damage = reader.damage { warning(DamagedImagePolicy.warning(path: path, detail: damage)) }
        // FFmpeg's reading of a JPEG's EXIF disagrees with the scan's on unusual EXIF (a tag
        // stored as LONG, one in the Exif sub-directory): one reading serves the frame's shape
        // (`ImageProbe`) and the picture alike.
        let orientation = scan.format == "JPEG" ? scan.orientation ?? .identity
            : DisplayOrientation(frame: frame, stream: reader.stream, orElse: scan.orientation)
        return try orientation.apply(to: image)
    }
}
