import CFFmpeg
import FlipTransCore

/// Turns rendered frames (premultiplied RGBA) into pictures an encoder takes, in one reused
/// buffer: 8-bit 4:2:0 video through `BT709Conversion`, the fast path every MP4 and WebM takes,
/// and with an alpha plane through `BT709AlphaConversion`; anything else (10-bit ProRes, RGB for
/// PNG and WebP, JPEG's full range) from straight RGBA through swscale, with the matrix and
/// range the plan's colour names.
final class PictureConverter {
    let picture: OwnedFrame
    private let path: String
    private let size: PixelSize
    /// nil for the 4:2:0 fast path.
    private let scaler: ScaleContext?
    /// Straight (unpremultiplied) RGBA; the picture itself when the encoder takes RGBA.
    private let straight: OwnedFrame?
    /// 4:2:0 video with an alpha plane, made by `BT709AlphaConversion`.
    private let withAlpha: Bool

    init(size: PixelSize, pixelFormat: AVPixelFormat, colour: StreamPlan.Colour, path: String) throws {
        self.path = path
        self.size = size
        picture = try OwnedFrame(format: pixelFormat, size: size, path: path)
        colour.tag(picture.pointer)
        withAlpha = pixelFormat == AV_PIX_FMT_YUVA420P && colour == .video
        if pixelFormat == AV_PIX_FMT_YUV420P && colour == .video || withAlpha {
            (scaler, straight) = (nil, nil)
        } else if pixelFormat == AV_PIX_FMT_RGBA {
            (scaler, straight) = (nil, picture)
        } else {
            let destination: ColourEncoding = switch colour {
            case .video: ColourEncoding(matrix: SWS_CS_ITU709, fullRange: false)
            case .jpeg: ColourEncoding(matrix: SWS_CS_ITU601, fullRange: true)
            case .rgb: .rgb
            }
            // Full chroma input: each chroma sample filters the pixels it covers rather than
            // taking one of them.
            guard let scaler = ScaleContext(from: size, AV_PIX_FMT_RGBA, to: size, pixelFormat,
                                            flags: SWS_BILINEAR | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INP,
                                            destination: destination) else {
                throw MediaError(.unavailable, path: path, reason: "swscale cannot convert RGBA to \(String(cString: av_get_pix_fmt_name(pixelFormat)))")
            }
            self.scaler = scaler
            straight = try OwnedFrame(format: AV_PIX_FMT_RGBA, size: size, path: path)
        }
    }

    /// True when pictures are 8-bit 4:2:0 video as `BT709Conversion` makes them, so the renderer
    /// can convert frames into pictures of the encoder's (`EncoderPicture`) instead.
    var takesYUV420: Bool { scaler == nil && straight == nil && !withAlpha }

    /// Converts `frame` into `picture`.
    func convert(_ frame: Image) throws {
        guard frame.size == size else {
            throw MediaError(.invalidRequest, path: path, reason: "frame is \(frame.size) but the video is \(size)")
        }
        // The encoder may still hold a reference to the previous picture buffer.
        try check(av_frame_make_writable(picture.pointer), "cannot reuse the picture buffer", .notEnoughMemory, path: path)
        if withAlpha {
            let alpha = picture.pointer.pointee
            BT709AlphaConversion.convert(frame, into: picture.planes, alpha: alpha.data.3!, alphaStride: Int(alpha.linesize.3))
            return
        }
        guard let straight else {
            // The frames are opaque here (formats without alpha refuse transparency up front).
            BT709Conversion.convert(frame, into: picture.planes)
            return
        }
        if straight !== picture {
            try check(av_frame_make_writable(straight.pointer), "cannot reuse the picture buffer", .notEnoughMemory, path: path)
        }
        let stride = Int(straight.pointer.pointee.linesize.0)
        for y in 0..<frame.height {
            frame.copyStraightRow(y, into: UnsafeMutableBufferPointer(start: straight.pointer.pointee.data.0! + y * stride, count: frame.bytesPerRow))
        }
        scaler?.convert(packed: straight.pointer.pointee.data.0!, bytesPerRow: stride, height: frame.height, into: picture.pointer)
    }
}
