extension OutputFormat {
    /// H.264 in MP4 (libx264, yuv420p, BT.709, `+faststart` for the web).
    public static let mp4 = video(.mp4, summary: "H.264 video")
    /// VP9 in WebM (libvpx-vp9).
    public static let webm = video(.webm, summary: "VP9 video")

    private static func video(_ format: VideoFormat, summary: String) -> OutputFormat {
        OutputFormat(name: format.rawValue, extensions: [format.rawValue], kind: .video, summary: summary,
                     check: { options, path in
                         _ = try EncoderSettings.qualityOptions(format: format, crf: options.crf, preset: options.preset, path: path)
                     },
                     open: { request in
                         try VideoEncoder(writingTo: request.path, settings: EncoderSettings(
                             format: format, size: request.size, fps: request.fps,
                             crf: request.options.crf, preset: request.options.preset), audio: request.audio)
                     })
    }
}

extension VideoEncoder: OutputSink {}
