import CFFmpeg

/// An audio file opened for decoding: its best audio stream and a decoder for it. Packets the
/// decoder cannot decode, whatever it reports (damaged data, a feature it lacks), are skipped,
/// as music players do; only running out of memory ends the decoding.
final class AudioInput {
    let path: String
    private let input: InputContext
    private let stream: UnsafeMutablePointer<AVStream>
    private let decoder: OwnedCodecContext
    private let packet = OwnedPacket()
    private let frame = OwnedFrame()
    private var reachedEndOfFile = false

    private static let notAudio = "not audio FFmpeg can decode"

    init(path: String) throws {
        FFmpegLogging.quiet
        try InputFileCheck.requireReadableFile(path)
        self.path = path
        do {
            input = try InputContext(path: path, format: nil, options: ["format_whitelist": SelfContainedDemuxers.whitelist], failure: Self.notAudio)
        } catch let error as MediaError {
            throw SelfContainedDemuxers.refusal(of: path).map { MediaError(.inputUnsupported, path: path, reason: $0) } ?? error
        }
        try check(avformat_find_stream_info(input.pointer, nil), Self.notAudio, .inputUnsupported, path: path)
        var codec: UnsafePointer<AVCodec>? = nil
        let index = av_find_best_stream(input.pointer, AVMEDIA_TYPE_AUDIO, -1, -1, &codec, 0)
        guard index >= 0, let codec, let stream = input.pointer.pointee.streams[Int(index)] else {
            // A video without a soundtrack (or an image) is read well enough: say what it lacks.
            let reason = Self.hasAudioStream(input.pointer.pointee) ? "its sound is in a format FFmpeg cannot decode"
                                                                      : "no sound in it (FFmpeg finds no audio stream)"
            throw MediaError(.inputUnsupported, path: path, reason: reason)
        }
        self.stream = stream
        decoder = OwnedCodecContext(codec: codec)
        try check(avcodec_parameters_to_context(decoder.pointer, stream.pointee.codecpar), Self.notAudio, .inputUnsupported, path: path)
        decoder.pointer.pointee.pkt_timebase = stream.pointee.time_base
        try check(avcodec_open2(decoder.pointer, codec, nil), Self.notAudio, .inputUnsupported, path: path)
        // libswresample mixes at most 64 channels (SWR_CH_MAX): more failed at the first frame, with
        // "cannot resample the audio (Invalid argument)".
        let channels = Int(decoder.pointer.pointee.ch_layout.nb_channels)
        guard channels <= Self.mostChannels else {
            throw MediaError(.inputUnsupported, path: path, reason: "its sound has \(channels) channels; at most \(Self.mostChannels) can be mixed down")
        }
    }

    /// The most channels a file's sound may have.
    static let mostChannels = 64

    /// Whether the file FFmpeg opened has an audio stream at all, decodable or not.
    private static func hasAudioStream(_ file: AVFormatContext) -> Bool {
        (0..<Int(file.nb_streams)).contains { file.streams[$0]?.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO }
    }

    /// Seconds of audio: the stream's length, or else the container's; nil when neither says.
    var duration: Double? {
        let nothing = cffmpeg_nopts_value()
        if stream.pointee.duration != nothing, stream.pointee.duration > 0 {
            return Double(stream.pointee.duration) * av_q2d(stream.pointee.time_base)
        }
        let total = input.pointer.pointee.duration
        return total != nothing && total > 0 ? Double(total) / Double(AV_TIME_BASE) : nil
    }

    /// Seconds of audio as the stream itself records them, nil when it records none or FFmpeg
    /// only estimated them from the bit rate (an MP3 without a length header): the container's
    /// length may be a video's, and an estimate can be far off.
    var recordedDuration: Double? {
        let nothing = cffmpeg_nopts_value()
        guard stream.pointee.duration != nothing, stream.pointee.duration > 0,
              input.pointer.pointee.duration_estimation_method != AVFMT_DURATION_FROM_BITRATE else { return nil }
        return Double(stream.pointee.duration) * av_q2d(stream.pointee.time_base)
    }

    /// Seconds of audio as decoded from here, frame by frame, stopping once past `limit`: exact
    /// where the length a stream records is not (an MP3's includes its encoder's delay and
    /// padding, which the decoder drops), and known where none is recorded. About 0.2 s for four
    /// minutes of MP3 here.
    func decodedSeconds(upTo limit: Double) throws -> Double {
        var seconds = 0.0
        while seconds <= limit, let frame = try nextFrame() {
            seconds += Double(frame.pointee.nb_samples) / Double(frame.pointee.sample_rate)
        }
        return seconds
    }

    /// The next decoded frame (valid until the next call), or nil at the end.
    func nextFrame() throws -> UnsafeMutablePointer<AVFrame>? {
        while true {
            let received = avcodec_receive_frame(decoder.pointer, frame.pointer)
            if received >= 0 { return frame.pointer }
            if received == cffmpeg_averror_eof() { return nil }
            // Damaged data may be reported here rather than when its packet was sent (a later frame
            // of a packet holding several); the decoder has dropped it, so it is skipped likewise.
            try checkMemory(received)
            if reachedEndOfFile { return nil }
            let read = av_read_frame(input.pointer, packet.pointer)
            if read < 0 {
                guard read == cffmpeg_averror_eof() else { try check(read, "cannot read the audio", .inputDamaged, path: path); return nil }
                reachedEndOfFile = true
                avcodec_send_packet(decoder.pointer, nil)
                continue
            }
            defer { av_packet_unref(packet.pointer) }
            guard packet.pointer.pointee.stream_index == stream.pointee.index else { continue }
            try checkMemory(avcodec_send_packet(decoder.pointer, packet.pointer))
        }
    }

    /// Throws when the decoder ran out of memory; any other failure only loses a packet.
    private func checkMemory(_ result: Int32) throws {
        if result == cffmpeg_averror(ENOMEM) { try check(result, "cannot decode the audio", .notEnoughMemory, path: path) }
    }
}
