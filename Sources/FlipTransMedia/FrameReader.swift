import CFFmpeg
import FlipTransCore

/// Reads any file FFmpeg can open and decodes its best video stream frame by frame.
/// Used to decode images and, in tests, to read encoded videos back.
final class FrameReader {
    let path: String
    let pixelLimit: PixelLimit
    /// True when FFmpeg recognised the file by content, not by its extension only: a decoding
    /// failure then means damaged data rather than a file that is not an image at all.
    let recognisedByContent: Bool
    private let input: InputContext
    var formatContext: UnsafeMutablePointer<AVFormatContext> { input.pointer }
    let stream: UnsafeMutablePointer<AVStream>
    let decoder: OwnedCodecContext
    private let packet = OwnedPacket()
    private let frame = OwnedFrame()
    private var reachedEndOfFile = false

    init(contentsOf path: String, pixelLimit: PixelLimit = .standard) throws {
        FFmpegLogging.quiet
        PictureSizeReport.reset()
        self.path = path
        self.pixelLimit = pixelLimit
        let notDecodable = "not an image FFmpeg can decode"
        let recognisedFormat = ContentProbe.format(ofFileAt: path)
        recognisedByContent = recognisedFormat != nil
        input = try InputContext(path: path, format: recognisedFormat, failure: notDecodable)

        var codec: UnsafePointer<AVCodec>? = nil
        let index = av_find_best_stream(input.pointer, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0)
        guard index >= 0, let codec, let stream = input.pointer.pointee.streams[Int(index)] else {
            throw MediaError(path: path, reason: "\(notDecodable) (no picture in it)")
        }
        self.stream = stream
        // Containers that declare a size are refused here; image files declare it only to the decoder.
        let declared = PixelSize(width: Int(stream.pointee.codecpar.pointee.width), height: Int(stream.pointee.codecpar.pointee.height))
        try pixelLimit.check(declared, path: path)
        decoder = OwnedCodecContext(codec: codec)
        try check(avcodec_parameters_to_context(decoder.pointer, stream.pointee.codecpar), notDecodable, path: path)
        decoder.pointer.pointee.pkt_timebase = stream.pointee.time_base
        // The decoder then refuses a lying header before allocating anything of that size. FFmpeg
        // measures the frame buffer with the width rounded up to 64, which would refuse a
        // 10000×10000 image at the default limit, so its bound is twice ours; ImageDecoder checks
        // the decoded frame against the exact limit.
        decoder.pointer.pointee.max_pixels = Int64(pixelLimit.maxPixels).multipliedReportingOverflow(by: 2).partialValue
        try check(avcodec_open2(decoder.pointer, codec, nil), notDecodable, path: path)
    }

    /// The next decoded frame (valid until the next call), or nil after the last one.
    func nextFrame() throws -> UnsafeMutablePointer<AVFrame>? {
        while true {
            let received = avcodec_receive_frame(decoder.pointer, frame.pointer)
            if received >= 0 { return frame.pointer }
            if received == cffmpeg_averror_eof() { return nil }
            guard received == cffmpeg_averror(EAGAIN) else { throw decodingError(received) }
            // Draining never asks for more input; stop rather than spin if a decoder misbehaves.
            if reachedEndOfFile { return nil }
            try feedDecoder()
        }
    }

    /// Sends the next packet of our stream, or the end-of-stream signal once the file is read.
    private func feedDecoder() throws {
        while true {
            let read = av_read_frame(formatContext, packet.pointer)
            if read < 0 {
                guard read == cffmpeg_averror_eof() else { throw decodingError(read) }
                reachedEndOfFile = true
                avcodec_send_packet(decoder.pointer, nil)
                return
            }
            defer { av_packet_unref(packet.pointer) }
            if packet.pointer.pointee.stream_index == stream.pointee.index {
                let sent = avcodec_send_packet(decoder.pointer, packet.pointer)
                if sent < 0 && sent != cffmpeg_averror(EAGAIN) { throw decodingError(sent) }
                return
            }
        }
    }

    private func decodingError(_ code: Int32) -> MediaError {
        if let refused = PictureSizeReport.refusedSize, !pixelLimit.allows(refused) {
            return pixelLimit.tooLarge(refused, path: path)
        }
        let reason = recognisedByContent ? "truncated or corrupt image data" : "not an image FFmpeg can decode"
        return MediaError(path: path, reason: "\(reason) (\(ffmpegErrorText(code)))")
    }
}
