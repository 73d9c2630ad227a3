import CFFmpeg
import FlipTransCore

/// One video stream being encoded and muxed to its destination as `plan` says: pictures in the
/// plan's pixel format go in, numbered from 0, and `finish()` completes the output and moves it
/// into place. Released unfinished, it leaves nothing at the output path.
final class EncodedStream {
    let plan: StreamPlan
    private let path: String
    private let destination: OutputDestination
    private let muxer: OutputContext
    private let stream: UnsafeMutablePointer<AVStream>
    private let encoder: OwnedCodecContext
    private let packet = OwnedPacket()
    private let fps: FrameRate
    /// The music under the video, if any: a second stream of the muxer.
    private var soundtrack: AudioTrackWriter?
    /// The last packet's frame number, for formats that need its duration told.
    private var lastFrame: Int64 = 0

    init(plan: StreamPlan, size: PixelSize, fps: FrameRate, path: String, format: VideoFormat, audio: AudioRequest? = nil) throws {
        self.plan = plan
        self.path = path
        self.fps = fps
        // SVT-AV1 prints its banner on stderr itself, not through FFmpeg's log, unless told not
        // to (a user's own SVT_LOG wins).
        if plan.encoder == VideoCodec.av1.encoderName { setenv("SVT_LOG", "1", 0) }
        guard let codec = avcodec_find_encoder_by_name(plan.encoder) else {
            throw MediaError(.unavailable, path: path, reason: "FFmpeg was built without the \(plan.encoder) encoder")
        }
        let destination = try OutputDestination(path: path, format: format)
        self.destination = destination
        muxer = try TemporaryOutputFile.creatingFiles { _ in
            try OutputContext(muxer: plan.muxer, writingTo: destination.url, reportedPath: path)
        }
        guard let stream = avformat_new_stream(muxer.pointer, nil) else {
            throw MediaError(.writeFailed, path: path, reason: "cannot add a video stream")
        }
        self.stream = stream
        encoder = OwnedCodecContext(codec: codec)
        Self.configure(encoder.pointer, plan: plan, size: size, fps: fps, globalHeader: muxer.wantsGlobalHeader)
        try encoder.open(options: plan.encoderOptions, path: path)
        // Only an opened encoder knows its final parameters (extradata, profile).
        try check(avcodec_parameters_from_context(stream.pointee.codecpar, encoder.pointer), "cannot set up the video stream", .writeFailed, path: path)
        if let tag = plan.codecTag {
            let bytes = Array(tag.utf8).map(UInt32.init)
            stream.pointee.codecpar.pointee.codec_tag = bytes[0] | bytes[1] << 8 | bytes[2] << 16 | bytes[3] << 24
        }
        let rate = AVRational(num: Int32(fps.numerator), den: Int32(fps.denominator))
        stream.pointee.time_base = encoder.pointer.pointee.time_base
        stream.pointee.avg_frame_rate = rate
        stream.pointee.r_frame_rate = rate
        stream.pointee.sample_aspect_ratio = encoder.pointer.pointee.sample_aspect_ratio
        if let audio { soundtrack = try AudioTrackWriter(audio, muxer: muxer, formatName: format.rawValue, videoEncoder: plan.encoder, path: path) }
        try muxer.writeHeader(options: plan.muxerOptions)
    }

    /// Encodes `picture` as frame number `index` (its pts).
    func send(_ picture: UnsafeMutablePointer<AVFrame>, index: Int) throws {
        picture.pointee.pts = Int64(index)
        // A fixed-quantiser encoder reads the quality from each picture.
        if let quantiser = plan.quantiser { picture.pointee.quality = quantiser * FF_QP2LAMBDA }
        try encode(picture)
        try soundtrack?.write(through: fps.seconds(frames: index + 1))
    }

    /// Flushes the encoder, writes the trailer and moves the output into place. `frameCount`,
    /// the clip's frames, is needed only when frames repeating the last were not sent.
    func finish(frameCount: Int? = nil) throws {
        try encode(nil)
        try soundtrack?.finish()
        // The GIF muxer cannot know the last frame's delay (without it, it repeats the one before):
        // it lasts to the clip's end, rounded as every frame's start is.
        if plan.muxer == "gif" {
            let (from, to) = (encoder.pointer.pointee.time_base, stream.pointee.time_base)
            let end = frameCount.map(Int64.init) ?? lastFrame + 1
            av_opt_set_int(muxer.pointer.pointee.priv_data, "final_delay", av_rescale_q(end, from, to) - av_rescale_q(lastFrame, from, to), 0)
        }
        try muxer.finish()
        try destination.commit(reportedPath: path)
    }

    private func encode(_ frame: UnsafeMutablePointer<AVFrame>?) throws {
        try encoder.encode(frame, into: packet, path: path) { packet in
            // Each frame lasts from its start to the next one's, both rounded to the stream's
            // time base (which the muxer may have changed, as GIF's to centiseconds): the
            // rounding errors never add up, so the total is the clip's length (3, 3, 4 cs at 30 fps).
            let (from, to) = (encoder.pointer.pointee.time_base, stream.pointee.time_base)
            let pts = packet.pointee.pts
            let start = av_rescale_q(pts, from, to)
            packet.pointee.duration = av_rescale_q(pts + 1, from, to) - start
            packet.pointee.pts = start
            packet.pointee.dts = av_rescale_q(packet.pointee.dts, from, to)
            lastFrame = pts
            packet.pointee.stream_index = stream.pointee.index
            // A numbered sequence's frames are pictures of their own, which a folder of photos tells apart by it.
            if plan.muxer == "image2" { try OutputMark.mark(packet, path: path) }
            try muxer.write(packet)
        }
    }

    static func configure(_ context: UnsafeMutablePointer<AVCodecContext>, plan: StreamPlan, size: PixelSize, fps: FrameRate,
                                  globalHeader: Bool) {
        context.pointee.width = Int32(size.width)
        context.pointee.height = Int32(size.height)
        context.pointee.pix_fmt = plan.pixelFormat
        // One tick a frame: 1001/30000 s at 29.97.
        context.pointee.time_base = AVRational(num: Int32(fps.denominator), den: Int32(fps.numerator))
        context.pointee.framerate = AVRational(num: Int32(fps.numerator), den: Int32(fps.denominator))
        context.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)  // square pixels
        plan.colour.tag(context)
        // Threads as the process may use (not FFmpeg's own count of cores, blind to a container's
        // limit). Not x264's own choice either (1.5 per core, as the ffmpeg program lets it take):
        // the render threads share the cores, and on 2 cores the third frame thread costs CPU time
        // without making a 2-second 1080p flip measurably faster (medians of alternating runs,
        // 2 threads against 3: medium 2.40 against 2.40 s, then 2.58 against 2.49; veryfast 1.47
        // against 1.58 s).
        context.pointee.thread_count = Int32(ProcessInfoCores.active)
        context.pointee.bit_rate = 0      // constant quality (crf), no bit-rate target
        if let quantiser = plan.quantiser {
            context.pointee.flags |= AV_CODEC_FLAG_QSCALE
            context.pointee.global_quality = quantiser * FF_QP2LAMBDA
        }
        if globalHeader {
            context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
        }
        // FFmpeg's JPEG encoder names its library's version in a comment unless told not to: the
        // same frames would differ from one FFmpeg to the next (the containers are written so too).
        if plan.encoder == "mjpeg" { context.pointee.flags |= AV_CODEC_FLAG_BITEXACT }
    }

    deinit {
        // Close the file before the destination deletes the unfinished temporary.
        muxer.closeFile()
    }
}
