import CFFmpeg
import FlipTransCore

/// Turns decoded frames of any pixel format into premultiplied sRGB RGBA images, applying the
/// colour profile the frame carries.
enum FrameConversion {
    /// `frame` as an `Image` at its coded size (orientation not applied), or nil when swscale
    /// cannot convert its pixel format. A profile that cannot be applied is reported through
    /// `warning` and the frame taken as sRGB. `premultiplied` colours (which the decoder returned
    /// as stored) are divided by their alpha first, as profiles apply to straight colours.
    /// Throws `MemoryShortage` when there is no memory for it.
    static func image(from frame: UnsafeMutablePointer<AVFrame>, premultiplied: Bool = false, path: String,
                      warning: (String) -> Void) throws(MemoryShortage) -> Image? {
        let size = PixelSize(width: Int(frame.pointee.width), height: Int(frame.pointee.height))
        let (format, source) = sourceEncoding(of: frame)
        guard size.width > 0, size.height > 0, sws_isSupportedInput(format) != 0, let descriptor = av_pix_fmt_desc_get(format) else { return nil }
        let colour = ColourConversion(ColourProfile(frame: frame, fileAt: path), deep: descriptor.pointee.comp.0.depth > 8,
                                      greyPixels: isGrey(descriptor), path: path, warning: warning)
        // A format swscale reads, into one it writes, and a context it still cannot make: it had
        // no memory for it.
        guard let scaler = ScaleContext(from: size, format, to: size, pixelFormat(of: colour.layout),
                                        flags: SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT,
                                        source: source) else { throw MemoryShortage(size: size) }
        var pixels = try DecodedPixels(size: size, layout: colour.layout)
        let bytesPerRow = pixels.bytesPerRow
        pixels.bytes.withUnsafeMutableBufferPointer { scaler.convert(frame, intoPacked: $0.baseAddress!, bytesPerRow: bytesPerRow) }
        if premultiplied { pixels.unpremultiply() }
        return try colour.image(from: consume pixels)
    }

    /// The pixel format swscale should read and the frame's YUV matrix and range. Range is a YUV
    /// matter: RGB and grey samples span their whole range unless a grey frame says otherwise
    /// (taken as limited-range luma, 16-bit grey 235 came out as 255 and 20 as 5). The
    /// deprecated yuvj formats are passed as their plain equivalents with full range set
    /// explicitly, since swscale reads the range from its own context.
    private static func sourceEncoding(of frame: UnsafePointer<AVFrame>) -> (AVPixelFormat, ColourEncoding) {
        let format = AVPixelFormat(frame.pointee.format)
        let matrix = frame.pointee.colorspace == AVCOL_SPC_UNSPECIFIED ? SWS_CS_DEFAULT : Int32(frame.pointee.colorspace.rawValue)
        let range = frame.pointee.color_range
        let isYUV = av_pix_fmt_desc_get(format).map { !isRGB($0) && !isGrey($0) } ?? true
        let fullRange = range == AVCOL_RANGE_JPEG || (range != AVCOL_RANGE_MPEG && !isYUV)
        switch format {
        case AV_PIX_FMT_YUVJ420P: return (AV_PIX_FMT_YUV420P, ColourEncoding(matrix: matrix, fullRange: true))
        case AV_PIX_FMT_YUVJ422P: return (AV_PIX_FMT_YUV422P, ColourEncoding(matrix: matrix, fullRange: true))
        case AV_PIX_FMT_YUVJ444P: return (AV_PIX_FMT_YUV444P, ColourEncoding(matrix: matrix, fullRange: true))
        case AV_PIX_FMT_YUVJ440P: return (AV_PIX_FMT_YUV440P, ColourEncoding(matrix: matrix, fullRange: true))
        default: return (format, ColourEncoding(matrix: matrix, fullRange: fullRange))
        }
    }

    /// RGB, palette or Bayer samples.
    private static func isRGB(_ descriptor: UnsafePointer<AVPixFmtDescriptor>) -> Bool {
        descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB | AV_PIX_FMT_FLAG_PAL) != 0
    }

    /// Grey, with or without alpha (one or two components that are not RGB).
    private static func isGrey(_ descriptor: UnsafePointer<AVPixFmtDescriptor>) -> Bool {
        !isRGB(descriptor) && descriptor.pointee.nb_components <= 2
    }

    /// The swscale output format for a layout; 16-bit samples in the machine's byte order, as
    /// LittleCMS reads them.
    private static func pixelFormat(of layout: PixelLayout) -> AVPixelFormat {
        let littleEndian = 1.littleEndian == 1
        switch layout {
        case .rgba8: return AV_PIX_FMT_RGBA
        case .rgba16: return littleEndian ? AV_PIX_FMT_RGBA64LE : AV_PIX_FMT_RGBA64BE
        case .greyAlpha8: return AV_PIX_FMT_YA8
        case .greyAlpha16: return littleEndian ? AV_PIX_FMT_YA16LE : AV_PIX_FMT_YA16BE
        }
    }
}
