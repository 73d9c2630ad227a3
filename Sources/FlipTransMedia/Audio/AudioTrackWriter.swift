import CFFmpeg

/// Writes a soundtrack as a second stream of a video's muxer: decodes and resamples the music
/// (`AudioSource`), applies volume and the fade-out, encodes it (AAC, Opus or PCM, `AudioCodecChoice`)
/// and hands the packets to the muxer, which interleaves them with the video's by time. The video
/// encoder calls `write(through:)` after each frame, so the audio keeps pace with the video
/// instead of piling up in the muxer, and `finish()` at the end: the track then holds exactly the
/// video's length in samples, its timestamps counted in samples, so the two cannot drift apart.
final class AudioTrackWriter {
    private let path: String
    private let request: AudioRequest
    private let muxer: OutputContext
    private let stream: UnsafeMutablePointer<AVStream>
    private let encoder: OwnedCodecContext
    private let format: AudioFormat
    private let source: AudioSource
    private let fifo: AudioFIFO
    private let frame = OwnedFrame()
    /// The samples as whole numbers, for an encoder that takes no floats (PCM); nil for the others.
    private let wholeNumbers: OwnedFrame?
    private let packet = OwnedPacket()
    private let frameSize: Int
    private let totalSamples: Int
    /// The sample the fade ends on: the track's end, or the music's where it ends before (not looped).
    private let fadeEnd: Int
    private var samplesEncoded = 0

    /// Adds the audio stream to `muxer` (before its header is written); `formatName` is the
    /// output format's name, `videoEncoder` the video's encoder, `path` the output's, named in
    /// errors about the output.
    init(_ request: AudioRequest, muxer: OutputContext, formatName: String, videoEncoder: String, path: String) throws {
        self.path = path
        self.request = request
        self.muxer = muxer
        guard let choice = AudioCodecChoice.encoder(forFormat: formatName, videoEncoder: videoEncoder) else {
            throw MediaError(.outputRefused, path: path, reason: "a \(formatName) file has no sound; --audio needs .mp4, .webm, .mkv or .mov")
        }
        guard let codec = avcodec_find_encoder_by_name(choice.name) else {
            throw MediaError(.unavailable, path: path, reason: "FFmpeg was built without the \(choice.name) encoder")
        }
        // Floats throughout, so music louder than full scale keeps its peaks until the volume is
        // applied; an encoder without floats (PCM) takes 32-bit whole numbers made from them.
        let formats = Self.sampleFormats(of: codec)
        let floats = [AV_SAMPLE_FMT_FLTP, AV_SAMPLE_FMT_FLT].first(where: formats.contains)
        guard floats != nil || formats.contains(AV_SAMPLE_FMT_S32) else {
            throw MediaError(.unavailable, path: path, reason: "FFmpeg's \(choice.name) encoder takes no sample format fliptrans writes")
        }
        format = AudioFormat(sampleFormat: floats ?? AV_SAMPLE_FMT_FLT)
        wholeNumbers = floats == nil ? OwnedFrame() : nil
        encoder = OwnedCodecContext(codec: codec)
        let context = encoder.pointer
        context.pointee.sample_fmt = floats ?? AV_SAMPLE_FMT_S32
        context.pointee.sample_rate = format.sampleRate
        var layout = format.layout
        av_channel_layout_copy(&context.pointee.ch_layout, &layout)
        av_channel_layout_uninit(&layout)
        if let bitRate = choice.bitRate { context.pointee.bit_rate = Int64(bitRate) }
        context.pointee.time_base = AVRational(num: 1, den: format.sampleRate)
        if muxer.wantsGlobalHeader { context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        // FFmpeg's AAC encoder names its library's version in the first frame unless told not to:
        // the same show would differ from one FFmpeg to the next.
        context.pointee.flags |= AV_CODEC_FLAG_BITEXACT
        try encoder.open(options: [:], path: path)
        guard let stream = avformat_new_stream(muxer.pointer, nil) else {
            throw MediaError(.writeFailed, path: path, reason: "cannot add an audio stream")
        }
        self.stream = stream
        try check(avcodec_parameters_from_context(stream.pointee.codecpar, context), "cannot set up the audio stream", .writeFailed, path: path)
        stream.pointee.time_base = context.pointee.time_base
        frameSize = context.pointee.frame_size > 0 ? Int(context.pointee.frame_size) : 1024
        totalSamples = Int((request.duration * Double(format.sampleRate)).rounded())
        fifo = AudioFIFO(format: format)
        source = try AudioSource(path: request.soundtrack.path, offset: request.soundtrack.offset, loop: request.soundtrack.loop,
                                 target: format)
        let music = try request.soundtrack.musicLength(under: request.duration)
        let rate = Double(format.sampleRate)
        fadeEnd = min(totalSamples, music.map { Int(($0 * rate).rounded()) } ?? totalSamples)
        try format.configure(frame.pointer, samples: Int32(frameSize))
        try check(av_frame_get_buffer(frame.pointer, 0), "cannot allocate audio samples", .notEnoughMemory, path: path)
        if let wholeNumbers {
            try AudioFormat(sampleFormat: AV_SAMPLE_FMT_S32).configure(wholeNumbers.pointer, samples: Int32(frameSize))
            try check(av_frame_get_buffer(wholeNumbers.pointer, 0), "cannot allocate audio samples", .notEnoughMemory, path: path)
        }
    }

    /// Encodes the whole encoder frames that end by `seconds` into the video.
    func write(through seconds: Double) throws {
        let target = min(totalSamples, Int(seconds * Double(format.sampleRate)))
        while samplesEncoded + frameSize <= target {
            try encodeFrame(samples: frameSize)
        }
    }

    /// Encodes the rest of the track, to exactly the video's length, and drains the encoder.
    func finish() throws {
        while samplesEncoded < totalSamples {
            try encodeFrame(samples: min(frameSize, totalSamples - samplesEncoded))
        }
        try encode(nil)
        warnIfCutShort()
    }

    /// Says so when the music gave less than the video wanted (`MusicShortfall`), unless that
    /// was said before the work (`AudioRequest.shortfallSaid`).
    private func warnIfCutShort() {
        guard !request.shortfallSaid else { return }
        let shortfall = MusicShortfall(soundtrack: request.soundtrack, delivered: source.delivered, ended: source.isExhausted,
                                       recordedDuration: source.recordedDuration, wanted: totalSamples)
        shortfall.warning.map(request.warning)
    }

    /// One frame of `samples`: music from the source, silence where it has ended.
    private func encodeFrame(samples: Int) throws {
        try source.fill(fifo, to: samples)
        try check(av_frame_make_writable(frame.pointer), "cannot reuse the audio buffer", .notEnoughMemory, path: path)
        frame.pointer.pointee.nb_samples = Int32(samples)
        let filled = fifo.read(into: frame.pointer, count: samples)
        if filled < samples {
            av_samples_set_silence(frame.pointer.pointee.extended_data, Int32(filled), Int32(samples - filled), format.channels, format.sampleFormat)
        }
        AudioGain.apply(to: frame.pointer, format: format, firstSample: samplesEncoded, gain: gain(atSample:))
        frame.pointer.pointee.pts = Int64(samplesEncoded)
        samplesEncoded += samples
        if let wholeNumbers {
            try check(av_frame_make_writable(wholeNumbers.pointer), "cannot reuse the audio buffer", .notEnoughMemory, path: path)
            PCMConversion.convert(frame.pointer, into: wholeNumbers.pointer, channels: format.channels)
            try encode(wholeNumbers.pointer)
        } else {
            try encode(frame.pointer)
        }
    }

    /// The volume, times the fade over the last `fadeOut` seconds of the track, or of the music
    /// where it ends before the track (`fadeEnd`).
    private func gain(atSample index: Int) -> Float {
        let fadeSamples = request.soundtrack.fadeOut * Double(format.sampleRate)
        let fade = fadeSamples > 0 ? max(0, min(1, Double(fadeEnd - index) / fadeSamples)) : 1
        return Float(request.soundtrack.volume * fade)
    }

    private func encode(_ frame: UnsafeMutablePointer<AVFrame>?) throws {
        try encoder.encode(frame, into: packet, path: path) { packet in
            av_packet_rescale_ts(packet, encoder.pointer.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            try muxer.write(packet)
        }
    }

    private static func sampleFormats(of codec: UnsafePointer<AVCodec>) -> [AVSampleFormat] {
        guard var format = codec.pointee.sample_fmts else { return [] }
        var formats: [AVSampleFormat] = []
        while format.pointee != AV_SAMPLE_FMT_NONE {
            formats.append(format.pointee)
            format += 1
        }
        return formats
    }
}
