import CFFmpeg
import FlipTransCore

public enum ImageDecoder {
    /// Decodes the first frame of any image FFmpeg reads (PNG, JPEG, WebP, BMP, TIFF, GIF first
    /// frame), honouring JPEG EXIF orientation, and HEIF images (HEIC, AVIF) with libheif, to
    /// premultiplied sRGB RGBA at its natural (oriented) size; an embedded colour profile is
    /// applied, and one that cannot be is reported through `warning` ("warning: …", one line).
    /// An image larger than `pixelLimit` is refused before its pixels are allocated (see FrameReader).
    public static func decode(contentsOf path: String, pixelLimit: PixelLimit = .standard,
                              warning: (String) -> Void = { _ in }) throws -> Image {
        try InputFileCheck.requireReadableFile(path)
        if HEIFDetection.isHEIF(path) { return try HEIFDecoder.decode(contentsOf: path, pixelLimit: pixelLimit, warning: warning) }
        let reader = try FrameReader(contentsOf: path, pixelLimit: pixelLimit)
        guard let frame = try reader.nextFrame() else {
            let reason = reader.recognisedByContent ? "truncated or corrupt image data" : "not an image FFmpeg can decode"
            throw MediaError(path: path, reason: "\(reason) (no picture decoded)")
        }
        // A decoder that hands out a frame it did not allocate through FrameReader's gate (one
        // wrapping the file's own bytes) is still held to the limit.
        try pixelLimit.check(PixelSize(width: Int(frame.pointee.width), height: Int(frame.pointee.height)), path: path)
        guard let image = FrameConversion.image(from: frame, path: path, warning: warning) else {
            let name = av_get_pix_fmt_name(AVPixelFormat(frame.pointee.format)).map { String(cString: $0) } ?? "unknown"
            throw MediaError(path: path, reason: "unsupported pixel format \(name)")
        }
        return DisplayOrientation(frame: frame, stream: reader.stream).apply(to: image)
    }
}
