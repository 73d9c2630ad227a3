import CFFmpeg

/// An audio file decoded and resampled (libswresample) to the encoder's sample format, rate and
/// channels, a frame at a time into a FIFO: only what the encoder asks for next is held, so a
/// long track costs no more memory than a short one. Starts `offset` seconds in; with `loop`, it
/// starts over (at the offset) at the file's end.
final class AudioSource {
    let path: String
    private let loop: Bool
    private let offsetSamples: Int
    private let target: AudioFormat
    private var input: AudioInput
    private var resampler: OpaquePointer?
    /// The channel layout, sample format and rate of the frames `resampler` was set up for. A
    /// file may change them part-way (MP3s joined end to end, a broadcast's AAC), and a resampler
    /// given frames with more channels than it was set up for reads planes that are not there.
    private var resamplerLayout = AVChannelLayout()
    private var resamplerFormat: (sampleFormat: Int32, sampleRate: Int32) = (-1, 0)
    private let converted = OwnedFrame()
    private var convertedCapacity: Int32 = 0
    /// Samples still to drop from the start of the current pass (the offset).
    private var toSkip: Int
    /// Samples the resampler held at the last seam: the end of the pass before, which come out
    /// first and are not skipped.
    private var owed = 0
    /// Samples delivered in the current pass: a pass that delivers none, and leaves none in the
    /// resampler, ends a loop.
    private var deliveredThisPass = 0
    /// Samples delivered in all passes.
    private(set) var delivered = 0
    private(set) var isExhausted = false
    /// The length the audio stream records, in seconds (`AudioInput.recordedDuration`).
    let recordedDuration: Double?
    /// With `loop`, the most samples a pass delivers: the length the stream records, from the offset.
    /// A decoder may give more (AAC pads its last frame), which would be a gap at every seam.
    private let passSamples: Int?

    init(path: String, offset: Double, loop: Bool, target: AudioFormat) throws {
        self.path = path
        self.loop = loop
        self.target = target
        offsetSamples = Int((offset * Double(target.sampleRate)).rounded())
        toSkip = offsetSamples
        input = try AudioInput(path: path)
        recordedDuration = input.recordedDuration
        passSamples = loop ? recordedDuration.map { Int((($0 - offset) * Double(target.sampleRate)).rounded()) } : nil
    }

    deinit {
        swr_free(&resampler)
        av_channel_layout_uninit(&resamplerLayout)
    }

    /// Decodes until `fifo` holds at least `count` samples or the audio has ended.
    func fill(_ fifo: AudioFIFO, to count: Int) throws {
        while fifo.size < count, !isExhausted {
            let passFull = passSamples.map { deliveredThisPass >= $0 } ?? false
            if !passFull, let frame = try input.nextFrame() {
                try convert(frame, into: fifo)
                continue
            }
            if passFull {
                // What the resampler holds back lies past the pass's end: padding, left out.
                swr_free(&resampler)
            } else if !loop {
                // The file's end: what the resampler holds back.
                try convert(nil, into: fifo)
            }
            // Looping, the resampler goes on into the next pass as into more of one recording:
            // flushed at the seam, it padded the pass's end and started its filter's delay over,
            // a jump of 17 samples at each seam of music at 44.1 kHz.
            // A pass too short to come out of the resampler yet (a few samples) comes out with the
            // next; a pass still skipping towards the offset never will.
            let held = resampler.map { Int(swr_get_delay($0, Int64(target.sampleRate))) } ?? 0
            if loop, deliveredThisPass > 0 || (held > 0 && toSkip == 0) {
                input = try AudioInput(path: path)
                owed = held
                (toSkip, deliveredThisPass) = (offsetSamples, 0)
            } else {
                isExhausted = true
            }
        }
    }

    /// Resamples `frame` (nil drains the resampler) and appends the result, less any samples
    /// still to skip, to `fifo`.
    private func convert(_ frame: UnsafeMutablePointer<AVFrame>?, into fifo: AudioFIFO) throws {
        if let frame, resampler != nil, !resamplerTakes(frame) {
            // What the old resampler holds back, then one for the new layout.
            try convert(nil, into: fifo)
            swr_free(&resampler)
        }
        if let frame, resampler == nil { try makeResampler(for: frame) }
        guard let resampler else { return }
        let capacity = swr_get_out_samples(resampler, frame?.pointee.nb_samples ?? 0)
        guard capacity > 0 else { return }
        try reserve(capacity)
        let produced = frame.map { frame in
            frame.pointee.extended_data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: Int(frame.pointee.ch_layout.nb_channels)) {
                swr_convert(resampler, converted.pointer.pointee.extended_data, capacity, $0, frame.pointee.nb_samples)
            }
        } ?? swr_convert(resampler, converted.pointer.pointee.extended_data, capacity, nil, 0)
        try check(produced, "cannot resample the audio", .inputUnsupported, path: path)
        var start = 0
        if owed > 0 {
            start = min(owed, Int(produced))
            try fifo.write(converted.pointer, from: 0, count: start, path: path)
            owed -= start
            delivered += start
        }
        if toSkip > 0 {
            let skipped = min(toSkip, Int(produced) - start)
            toSkip -= skipped
            start += skipped
        }
        let count = min(Int(produced) - start, passSamples.map { $0 - deliveredThisPass } ?? .max)
        guard count > 0 else { return }
        try fifo.write(converted.pointer, from: start, count: count, path: path)
        deliveredThisPass += count
        delivered += count
    }

    private func resamplerTakes(_ frame: UnsafeMutablePointer<AVFrame>) -> Bool {
        av_channel_layout_compare(&resamplerLayout, &frame.pointee.ch_layout) == 0
            && resamplerFormat == (frame.pointee.format, frame.pointee.sample_rate)
    }

    private func makeResampler(for frame: UnsafeMutablePointer<AVFrame>) throws {
        av_channel_layout_uninit(&resamplerLayout)
        try check(av_channel_layout_copy(&resamplerLayout, &frame.pointee.ch_layout), "cannot resample the audio", .inputUnsupported, path: path)
        resamplerFormat = (frame.pointee.format, frame.pointee.sample_rate)
        var inputLayout = AVChannelLayout()
        defer { av_channel_layout_uninit(&inputLayout) }
        if frame.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
            // A WAV without a channel mask: the usual layout for its number of channels.
            av_channel_layout_default(&inputLayout, frame.pointee.ch_layout.nb_channels)
        } else {
            av_channel_layout_copy(&inputLayout, &frame.pointee.ch_layout)
        }
        var outputLayout = target.layout
        defer { av_channel_layout_uninit(&outputLayout) }
        try check(swr_alloc_set_opts2(&resampler, &outputLayout, target.sampleFormat, target.sampleRate,
                                      &inputLayout, AVSampleFormat(frame.pointee.format), frame.pointee.sample_rate, 0, nil),
                  "cannot resample the audio", .inputUnsupported, path: path)
        // Mixing down (5.1 to stereo) sums channels: scaled so that no sum can exceed full scale,
        // as FFmpeg does for integer samples; the float samples the encoders take would clip.
        try check(av_opt_set_double(UnsafeMutableRawPointer(resampler), "rematrix_maxval", 1, 0), "cannot resample the audio", .inputUnsupported, path: path)
        try check(swr_init(resampler), "cannot resample the audio", .inputUnsupported, path: path)
    }

    /// Makes `converted` hold at least `capacity` samples.
    private func reserve(_ capacity: Int32) throws {
        guard capacity > convertedCapacity else { return }
        av_frame_unref(converted.pointer)
        try target.configure(converted.pointer, samples: capacity)
        try check(av_frame_get_buffer(converted.pointer, 0), "cannot allocate audio samples", .notEnoughMemory, path: path)
        convertedCapacity = capacity
    }
}
