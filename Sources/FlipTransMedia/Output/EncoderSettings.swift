import FlipTransCore

/// What to encode: container, frame size and rate, and the quality knobs users may turn.
public struct EncoderSettings: Sendable {
    public var format: VideoFormat
    /// Must be even × even: yuv420p halves both axes for colour.
    public var size: PixelSize
    public var fps: FrameRate
    /// Constant rate factor; nil = the format's default (x264 20, VP9 32).
    public var crf: Int?
    /// x264 preset (nil = "medium"). VP9 has no presets: its speed is fixed at cpu-used 5.
    public var preset: String?

    public init(format: VideoFormat, size: PixelSize, fps: FrameRate, crf: Int? = nil, preset: String? = nil) {
        self.format = format
        self.size = size
        self.fps = fps
        self.crf = crf
        self.preset = preset
    }

    static let x264Presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]

    /// Checks the settings and returns the encoder options, or throws a MediaError naming `path`.
    func encoderOptions(path: String) throws -> [String: String] {
        guard size.width > 0, size.height > 0, size.width % 2 == 0, size.height % 2 == 0 else {
            throw MediaError(path: path, reason: "video size \(size) must be positive and even in both dimensions")
        }
        return try Self.qualityOptions(format: format, crf: crf, preset: preset, path: path)
    }

    /// Checks crf and preset for `format` and returns them as encoder options; needs no image, so
    /// a command line can check them before any work is done.
    public static func qualityOptions(format: VideoFormat, crf: Int?, preset: String?, path: String) throws -> [String: String] {
        func fail(_ reason: String) -> MediaError { MediaError(path: path, reason: reason) }
        let (crfRange, defaultCRF, encoder): (ClosedRange<Int>, Int, String) = switch format {
        case .mp4: (0...51, 20, "MP4 (x264)")
        case .webm: (0...63, 32, "WebM (VP9)")
        }
        let crf = crf ?? defaultCRF
        guard crfRange.contains(crf) else {
            throw fail("--crf must be between \(crfRange.lowerBound) and \(crfRange.upperBound) for \(encoder), got \(crf)")
        }
        switch format {
        case .mp4:
            let preset = preset ?? "medium"
            guard x264Presets.contains(preset) else {
                throw fail("--preset: unknown x264 preset \"\(preset)\" (expected one of \(x264Presets.joined(separator: ", ")))")
            }
            return ["preset": preset, "crf": String(crf)]
        case .webm:
            guard preset == nil else { throw fail("--preset applies to MP4 (x264) only; WebM (VP9) always uses cpu-used 5") }
            // The API defaults (one thread, cpu-used 1) encode 1080p at ~6 fps.
            return ["crf": String(crf), "deadline": "good", "cpu-used": "5", "row-mt": "1"]
        }
    }
}
