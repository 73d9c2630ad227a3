import CFFmpeg
import FlipTransCore

/// Writes images as PNG through FFmpeg's png encoder, keeping alpha.
public enum PNGWriter {
    /// Writes `image` to `path` via a temporary file beside it, so a failure leaves no partial file;
    /// `marked` with fliptrans's mark (`OutputMark`), as its own outputs are.
    public static func write(_ image: Image, to path: String, marked: Bool = false) throws {
        let output = try TemporaryOutputFile(target: path)
        guard let codec = avcodec_find_encoder(AV_CODEC_ID_PNG) else {
            throw MediaError(.unavailable, path: path, reason: "FFmpeg was built without the png encoder")
        }
        let encoder = OwnedCodecContext(codec: codec)
        encoder.pointer.pointee.width = Int32(image.width)
        encoder.pointer.pointee.height = Int32(image.height)
        encoder.pointer.pointee.pix_fmt = AV_PIX_FMT_RGBA
        encoder.pointer.pointee.time_base = AVRational(num: 1, den: 1)
        // Square pixels: the png encoder writes its pHYs chunk from this, 0:1 (no aspect) if unset.
        encoder.pointer.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        try encoder.open(options: [:], path: path)

        let frame = try OwnedFrame(format: AV_PIX_FMT_RGBA, size: image.size, path: path)
        copyUnpremultiplied(image, into: frame.pointer)
        let packet = OwnedPacket()
        for input in [frame.pointer, nil] {
            try encoder.encode(input, into: packet, path: path) { packet in
                if marked { try OutputMark.mark(packet, path: path) }
                try output.append(UnsafeRawBufferPointer(start: packet.pointee.data, count: Int(packet.pointee.size)))
            }
        }
        try output.commit()
    }

    /// Whether FFmpeg's encoders take a picture of `size` (`av_image_check_size`: about 268
    /// million pixels at most).
    static func canWrite(_ size: PixelSize) -> Bool {
        FFmpegLogging.quiet
        return size.width > 0 && size.height > 0 && size.width <= Int(UInt32.max) && size.height <= Int(UInt32.max)
            && av_image_check_size(UInt32(size.width), UInt32(size.height), 0, nil) == 0
    }

    /// PNG stores straight alpha; the frame's rows may be padded, so copy row by row.
    private static func copyUnpremultiplied(_ image: Image, into frame: UnsafeMutablePointer<AVFrame>) {
        let stride = Int(frame.pointee.linesize.0)
        for y in 0..<image.height {
            image.copyStraightRow(y, into: UnsafeMutableBufferPointer(start: frame.pointee.data.0! + y * stride, count: image.bytesPerRow))
        }
    }
}
