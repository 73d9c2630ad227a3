extension OutputFormat {
    /// H.264 (default), HEVC (tagged hvc1) or AV1 in MP4, `+faststart` for the web.
    public static let mp4 = video(.mp4, summary: "H.264, HEVC or AV1 video")
    /// VP9 (default, with alpha) or AV1 in WebM.
    public static let webm = video(.webm, summary: "VP9 or AV1 video")
    /// Any of the codecs in Matroska.
    public static let mkv = video(.mkv, summary: "H.264, HEVC, AV1, VP9 or ProRes video")
    /// ProRes 422 HQ (4444 with alpha) by default, or H.264 or HEVC, in QuickTime.
    public static let mov = video(.mov, summary: "ProRes (or H.264, HEVC) video")
    /// Animated WebP through libwebp's animation encoder, lossy or lossless, with alpha.
    public static let webp = video(.webp, summary: "an animated WebP")
    /// Animated PNG: lossless, with alpha.
    public static let apng = video(.apng, summary: "an animated PNG")
    /// GIF89a with palettes from FFmpeg's palettegen and paletteuse, looping forever by default.
    public static let gif = video(.gif, summary: "an animated GIF")
    /// Numbered PNG files, one per frame, with alpha.
    public static let pngSequence = video(.pngSequence, summary: "numbered PNG files")
    /// Numbered JPEG files, one per frame.
    public static let jpegSequence = video(.jpegSequence, summary: "numbered JPEG files")
    /// YUV4MPEG2: raw 4:2:0 pictures with their colour tags, for other encoders' stdin.
    public static let y4m = video(.y4m, summary: "a YUV4MPEG2 stream")
    /// Raw pictures in NUT, for FFmpeg's stdin.
    public static let nut = video(.nut, summary: "a NUT stream of raw pictures")

    static func video(_ format: VideoFormat, summary: String) -> OutputFormat {
        OutputFormat(name: format.rawValue, extensions: format.extensions, kind: .video, summary: summary, needsEvenSides: format.needsEvenSides,
                     check: { options, path in
                         try EncoderSettings.check(format: format, options: options, path: path)
                         if format.isSequence { _ = try FramePattern(path) }
                     },
                     checkFrames: { request in
                         try EncoderSettings(format: format, size: request.size, fps: request.fps, options: request.options).check(path: request.path)
                         if format == .webp, let frames = request.frameCount {
                             try WebPEncoder.checkLength(frames: frames, fps: request.fps, path: request.path)
                         }
                     },
                     open: { request in
                         let settings = EncoderSettings(format: format, size: request.size, fps: request.fps, options: request.options)
                         switch format {
                         case .gif: return try GIFEncoder(writingTo: request.path, settings: settings)
                         case .webp: return try WebPEncoder(writingTo: request.path, settings: settings)
                         default: return try VideoEncoder(writingTo: request.path, settings: settings, audio: request.audio)
                         }
                     })
    }
}

extension VideoEncoder: OutputSink {}
