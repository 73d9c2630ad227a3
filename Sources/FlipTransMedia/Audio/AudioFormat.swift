import CFFmpeg

/// The samples an audio encoder takes: its sample format, 48 kHz, stereo.
struct AudioFormat {
    static let sampleRate: Int32 = 48_000
    let sampleFormat: AVSampleFormat
    var sampleRate: Int32 { Self.sampleRate }
    let channels: Int32 = 2

    /// A stereo layout; the caller uninitialises its copy.
    var layout: AVChannelLayout {
        var layout = AVChannelLayout()
        av_channel_layout_default(&layout, channels)
        return layout
    }

    var isPlanar: Bool { av_sample_fmt_is_planar(sampleFormat) != 0 }

    /// Sets `frame`'s format, rate, channels and sample count, for `av_frame_get_buffer`.
    func configure(_ frame: UnsafeMutablePointer<AVFrame>, samples: Int32) throws {
        frame.pointee.format = sampleFormat.rawValue
        frame.pointee.sample_rate = sampleRate
        frame.pointee.nb_samples = samples
        var layout = self.layout
        defer { av_channel_layout_uninit(&layout) }
        av_channel_layout_copy(&frame.pointee.ch_layout, &layout)
    }
}
