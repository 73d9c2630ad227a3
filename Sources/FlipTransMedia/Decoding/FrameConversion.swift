import CFFmpeg
import FlipTransCore

/// Turns decoded frames of any pixel format into premultiplied RGBA images.
enum FrameConversion {
    /// `frame` as an `Image` at its coded size (orientation not applied), or nil when swscale
    /// cannot convert its pixel format.
    static func image(from frame: UnsafeMutablePointer<AVFrame>) -> Image? {
        let size = PixelSize(width: Int(frame.pointee.width), height: Int(frame.pointee.height))
        let (format, source) = sourceEncoding(of: frame)
        guard size.width > 0, size.height > 0,
              let scaler = ScaleContext(from: size, format, to: size, AV_PIX_FMT_RGBA,
                                        flags: SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT,
                                        source: source) else { return nil }
        var image = Image(width: size.width, height: size.height)
        image.withMutablePixelBytes { rgba in
            // swscale reads the format from its own context, so the deprecated yuvj formats
            // are passed as their plain equivalents with full range set explicitly.
            scaler.convert(frame, intoPacked: rgba.baseAddress, bytesPerRow: rgba.rowStride)
            Premultiplication.premultiply(rgba.buffer)
        }
        return image
    }

    /// The pixel format swscale should read and the frame's YUV matrix and range.
    private static func sourceEncoding(of frame: UnsafePointer<AVFrame>) -> (AVPixelFormat, ColourEncoding) {
        let format = AVPixelFormat(frame.pointee.format)
        let matrix = frame.pointee.colorspace == AVCOL_SPC_UNSPECIFIED ? SWS_CS_DEFAULT : Int32(frame.pointee.colorspace.rawValue)
        let fullRange = frame.pointee.color_range == AVCOL_RANGE_JPEG
        switch format {
        case AV_PIX_FMT_YUVJ420P: return (AV_PIX_FMT_YUV420P, ColourEncoding(matrix: matrix, fullRange: true))
        case AV_PIX_FMT_YUVJ422P: return (AV_PIX_FMT_YUV422P, ColourEncoding(matrix: matrix, fullRange: true))
        case AV_PIX_FMT_YUVJ444P: return (AV_PIX_FMT_YUV444P, ColourEncoding(matrix: matrix, fullRange: true))
        case AV_PIX_FMT_YUVJ440P: return (AV_PIX_FMT_YUV440P, ColourEncoding(matrix: matrix, fullRange: true))
        default: return (format, ColourEncoding(matrix: matrix, fullRange: fullRange))
        }
    }
}
