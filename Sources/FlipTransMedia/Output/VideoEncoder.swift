import CFFmpeg
import Dispatch
import FlipTransCore

/// Encodes RGBA frames into an MP4 (H.264) or WebM (VP9) file through libavcodec/libavformat.
/// Writes to a hidden temporary file beside the target, moved into place only by `finish()`.
public final class VideoEncoder {
    public let settings: EncoderSettings
    public private(set) var statistics = EncoderStatistics()
    private let path: String
    private let output: TemporaryOutputFile
    private let muxer: OutputContext
    private let stream: UnsafeMutablePointer<AVStream>
    private let encoder: OwnedCodecContext
    private let picture: OwnedFrame
    private let packet = OwnedPacket()
    /// The music under the video, if any: a second stream of the muxer.
    private var soundtrack: AudioTrackWriter?
    /// True once `picture` holds a converted frame.
    private var hasPicture = false
    private var finished = false

    /// Opens the encoder; throws a MediaError naming `path` for a missing or read-only directory,
    /// a bad preset, crf or size, or anything FFmpeg refuses. `audio` adds a soundtrack as long as
    /// the video will be.
    public init(writingTo path: String, settings: EncoderSettings, audio: AudioRequest? = nil) throws {
        self.path = path
        self.settings = settings
        let options = try settings.encoderOptions(path: path)
        guard let codec = avcodec_find_encoder_by_name(settings.format.encoderName) else {
            throw MediaError(path: path, reason: "FFmpeg was built without the \(settings.format.encoderName) encoder")
        }
        let output = try TemporaryOutputFile(target: path)
        self.output = output
        muxer = try TemporaryOutputFile.creatingFiles { _ in
            try OutputContext(muxer: settings.format.muxerName, writingTo: output.temporaryPath, reportedPath: path)
        }
        guard let stream = avformat_new_stream(muxer.pointer, nil) else {
            throw MediaError(path: path, reason: "cannot add a video stream")
        }
        self.stream = stream
        encoder = OwnedCodecContext(codec: codec)
        Self.configure(encoder.pointer, for: settings, globalHeader: muxer.wantsGlobalHeader)
        try encoder.open(options: options, path: path)
        // Only an opened encoder knows its final parameters (extradata, profile).
        try check(avcodec_parameters_from_context(stream.pointee.codecpar, encoder.pointer), "cannot set up the video stream", path: path)
        let rate = AVRational(num: Int32(settings.fps.numerator), den: Int32(settings.fps.denominator))
        stream.pointee.time_base = encoder.pointer.pointee.time_base
        stream.pointee.avg_frame_rate = rate
        stream.pointee.r_frame_rate = rate
        if let audio { soundtrack = try AudioTrackWriter(audio, muxer: muxer, formatName: settings.format.rawValue, path: path) }
        // faststart moves the index (moov) before the data so browsers can play while loading.
        try muxer.writeHeader(options: settings.format == .mp4 ? ["movflags": "+faststart"] : [:])
        picture = try OwnedFrame(format: AV_PIX_FMT_YUV420P, size: settings.size, path: path)
    }

    /// Encodes one frame (premultiplied RGBA of `settings.size`, already composited: alpha is ignored).
    public func append(_ frame: Image) throws {
        guard !finished else { throw MediaError(path: path, reason: "the video is already finished") }
        guard frame.size == settings.size else {
            throw MediaError(path: path, reason: "frame is \(frame.size) but the video is \(settings.size)")
        }
        let start = DispatchTime.now().uptimeNanoseconds
        // The encoder may still hold a reference to the previous picture buffer.
        try check(av_frame_make_writable(picture.pointer), "cannot reuse the picture buffer", path: path)
        // The matrix and range the encoder context is tagged with (see `configure`).
        BT709Conversion.convert(frame, into: picture.planes)
        statistics.conversionSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        hasPicture = true
        try encodePicture()
    }

    /// Encodes the last frame again: its converted picture is still in the buffer.
    public func repeatLastFrame() throws {
        guard !finished else { throw MediaError(path: path, reason: "the video is already finished") }
        guard hasPicture else { throw MediaError(path: path, reason: "no frame to repeat yet") }
        try encodePicture()
    }

    private func encodePicture() throws {
        let start = DispatchTime.now().uptimeNanoseconds
        picture.pointer.pointee.pts = Int64(statistics.framesWritten)
        try encode(picture.pointer)
        statistics.encodingSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        statistics.framesWritten += 1
        try soundtrack?.write(through: settings.fps.seconds(frames: statistics.framesWritten))
    }

    /// Flushes the encoder, writes the trailer and moves the file to its path.
    public func finish() throws {
        guard !finished else { return }
        let start = DispatchTime.now().uptimeNanoseconds
        try encode(nil)
        try soundtrack?.finish()
        try muxer.finish()
        try output.commit()
        finished = true
        statistics.encodingSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    private func encode(_ frame: UnsafeMutablePointer<AVFrame>?) throws {
        try encoder.encode(frame, into: packet, path: path) { packet in
            // Encoders leave the duration at 0; without it the file is one frame short.
            if packet.pointee.duration == 0 { packet.pointee.duration = 1 }
            av_packet_rescale_ts(packet, encoder.pointer.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            try muxer.write(packet)
        }
    }

    private static func configure(_ context: UnsafeMutablePointer<AVCodecContext>, for settings: EncoderSettings, globalHeader: Bool) {
        context.pointee.width = Int32(settings.size.width)
        context.pointee.height = Int32(settings.size.height)
        context.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        // One tick a frame: 1001/30000 s at 29.97.
        context.pointee.time_base = AVRational(num: Int32(settings.fps.denominator), den: Int32(settings.fps.numerator))
        context.pointee.framerate = AVRational(num: Int32(settings.fps.numerator), den: Int32(settings.fps.denominator))
        // Tags must match the matrix the converter uses, or players shift the colours.
        context.pointee.color_primaries = AVCOL_PRI_BT709
        context.pointee.color_trc = AVCOL_TRC_BT709
        context.pointee.colorspace = AVCOL_SPC_BT709
        context.pointee.color_range = AVCOL_RANGE_MPEG
        // Threads as the process may use (not FFmpeg's own count of cores, blind to a container's limit).
        context.pointee.thread_count = Int32(ProcessInfoCores.active)
        context.pointee.bit_rate = 0      // constant quality (crf), no bit-rate target
        if globalHeader {
            context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        }
    }

    deinit {
        // Close the file before `output` deletes the unfinished temporary.
        muxer.closeFile()
    }
}
extension VideoEncoder: FrameSink {}

private extension OwnedFrame {
    /// The planes of this yuv420p frame, for `BT709Conversion` to fill.
    var planes: YUV420Planes {
        let frame = pointer.pointee
        return YUV420Planes(luma: frame.data.0!, lumaStride: Int(frame.linesize.0),
                            cb: frame.data.1!, cr: frame.data.2!, chromaStride: Int(frame.linesize.1))
    }
}
