import CFFmpeg
import FlipTransCore

/// Turns rendered frames (premultiplied RGBA) into pictures an encoder takes, in one reused
/// buffer: 8-bit 4:2:0 video through `BT709Conversion`, the fast path every MP4 and WebM takes;
/// anything else (alpha planes, 10-bit ProRes, RGB for PNG and WebP, JPEG's full range) from
/// straight RGBA through swscale, with the matrix and range the plan's colour names.
final class PictureConverter {
    let picture: OwnedFrame
    private let path: String
    private let size: PixelSize
    /// nil for the 4:2:0 fast path.
    private let scaler: ScaleContext?
    /// Straight (unpremultiplied) RGBA; the picture itself when the encoder takes RGBA.
    private let straight: OwnedFrame?

    init(size: PixelSize, pixelFormat: AVPixelFormat, colour: StreamPlan.Colour, path: String) throws {
        self.path = path
        self.size = size
        picture = try OwnedFrame(format: pixelFormat, size: size, path: path)
        colour.tag(picture.pointer)
        if pixelFormat == AV_PIX_FMT_YUV420P && colour == .video {
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
                throw MediaError(path: path, reason: "swscale cannot convert RGBA to \(String(cString: av_get_pix_fmt_name(pixelFormat)))")
            }
            self.scaler = scaler
            straight = try OwnedFrame(format: AV_PIX_FMT_RGBA, size: size, path: path)
        }
    }

    /// True when pictures are 8-bit 4:2:0 video as `BT709Conversion` makes them, so a picture the
    /// renderer converted can be copied in (`copy(_:)`).
    var takesYUV420: Bool { scaler == nil && straight == nil }

    /// Copies a picture the renderer converted into `picture`, plane by plane (the encoder's
    /// rows may be padded).
    func copy(_ converted: YUV420Picture) throws {
        guard takesYUV420, converted.size == size else {
            throw MediaError(path: path, reason: "a \(converted.size) 4:2:0 picture does not fit this \(size) video")
        }
        try check(av_frame_make_writable(picture.pointer), "cannot reuse the picture buffer", path: path)
        let source = converted.planes, target = picture.planes
        let chromaSize = PixelSize(width: YUV420Picture.chromaWidth(size), height: YUV420Picture.chromaHeight(size))
        for (from, fromStride, to, toStride, plane) in [
            (source.luma, source.lumaStride, target.luma, target.lumaStride, size),
            (source.cb, source.chromaStride, target.cb, target.chromaStride, chromaSize),
            (source.cr, source.chromaStride, target.cr, target.chromaStride, chromaSize),
        ] {
            for y in 0..<plane.height {
                (to + y * toStride).update(from: from + y * fromStride, count: plane.width)
            }
        }
    }

    /// Converts `frame` into `picture`.
    func convert(_ frame: Image) throws {
        guard frame.size == size else {
            throw MediaError(path: path, reason: "frame is \(frame.size) but the video is \(size)")
        }
        // The encoder may still hold a reference to the previous picture buffer.
        try check(av_frame_make_writable(picture.pointer), "cannot reuse the picture buffer", path: path)
        guard let straight else {
            // The frames are opaque here (formats without alpha refuse transparency up front).
            BT709Conversion.convert(frame, into: picture.planes)
            return
        }
        if straight !== picture {
            try check(av_frame_make_writable(straight.pointer), "cannot reuse the picture buffer", path: path)
        }
        let stride = Int(straight.pointer.pointee.linesize.0)
        for y in 0..<frame.height {
            frame.copyStraightRow(y, into: UnsafeMutableBufferPointer(start: straight.pointer.pointee.data.0! + y * stride, count: frame.bytesPerRow))
        }
        scaler?.convert(packed: straight.pointer.pointee.data.0!, bytesPerRow: stride, height: frame.height, into: picture.pointer)
    }
}

private extension OwnedFrame {
    /// The planes of this yuv420p frame, for `BT709Conversion` to fill.
    var planes: YUV420Planes {
        let frame = pointer.pointee
        return YUV420Planes(luma: frame.data.0!, lumaStride: Int(frame.linesize.0),
                            cb: frame.data.1!, cr: frame.data.2!, chromaStride: Int(frame.linesize.1))
    }
}
