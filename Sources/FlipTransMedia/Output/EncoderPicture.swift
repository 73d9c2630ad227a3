import CFFmpeg
import FlipTransCore

/// A yuv420p picture in an AVFrame of the encoder's, tagged BT.709, that the renderer converts a
/// frame straight into (`YUV420FrameSink`): the frame is then encoded from it without a copy.
final class EncoderPicture: YUV420PictureBuffer, @unchecked Sendable {
    let frame: OwnedFrame
    let size: PixelSize

    init(size: PixelSize, path: String) throws {
        frame = try OwnedFrame(format: AV_PIX_FMT_YUV420P, size: size, path: path)
        StreamPlan.Colour.video.tag(frame.pointer)
        self.size = size
    }

    var planes: YUV420Planes { frame.planes }

    /// Makes the picture's buffer its own again before a new frame is written in it: a packet
    /// may still refer to it (a muxer holding a wrapped frame), and then it gets a new buffer
    /// holding a copy of its pixels (as `YUV420FrameSink` asks: the renderer redraws only what
    /// changed).
    func makeWritable(path: String) throws {
        try check(av_frame_make_writable(frame.pointer), "cannot reuse the picture buffer", .notEnoughMemory, path: path)
    }
}

extension OwnedFrame {
    /// The planes of this yuv420p frame, for `BT709Conversion` to fill.
    var planes: YUV420Planes {
        let frame = pointer.pointee
        return YUV420Planes(luma: frame.data.0!, lumaStride: Int(frame.linesize.0),
                            cb: frame.data.1!, cr: frame.data.2!, chromaStride: Int(frame.linesize.1))
    }
}
