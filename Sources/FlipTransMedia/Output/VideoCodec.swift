import FlipTransCore

/// The video codecs a user may pick with `--codec` for the containers that take several, with
/// the FFmpeg encoder each uses and what its quality knobs mean.
public enum VideoCodec: String, CaseIterable, Sendable {
    case h264, hevc, av1, vp9, prores

    /// FFmpeg's encoder name.
    var encoderName: String {
        switch self {
        case .h264: "libx264"
        case .hevc: "libx265"
        case .av1: "libsvtav1"
        case .vp9: "libvpx-vp9"
        case .prores: "prores_ks"
        }
    }

    /// How errors and help name it: "H.264 (x264)".
    public var title: String {
        switch self {
        case .h264: "H.264 (x264)"
        case .hevc: "HEVC (x265)"
        case .av1: "AV1 (SVT-AV1)"
        case .vp9: "VP9 (libvpx)"
        case .prores: "ProRes (prores_ks)"
        }
    }

    /// Whether it can carry an alpha channel: VP9 as a second coded picture (yuva420p), ProRes
    /// with its 4444 profile.
    var keepsAlpha: Bool { self == .vp9 || self == .prores }

    /// The x264 and x265 preset names, fastest first.
    package static let x26xPresets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]
    /// The x264 and x265 preset when none is given.
    package static let defaultX26xPreset = "medium"
    /// SVT-AV1's presets: 0 is the slowest and best, 13 the fastest.
    package static let svtPresets = 0...13
    /// SVT-AV1's preset when none is given.
    package static let defaultSVTPreset = 8

    /// Each codec's crf range and default, as help lists them: "H.264 (x264) 0–51, default 20; …".
    package static var crfSummary: String {
        allCases.compactMap { codec in codec.crf.map { "\(codec.title) \($0.range.lowerBound)–\($0.range.upperBound), default \($0.default)" } }
            .joined(separator: "; ")
    }

    /// Whether the codec takes the quality option `option` (`crf`, `preset`); every codec takes
    /// the others a container takes.
    func takes(_ option: String) -> Bool {
        switch option {
        case "crf": crf != nil
        case "preset": self == .h264 || self == .hevc || self == .av1
        default: true
        }
    }

    /// The constant rate factor's range and default (nil: the codec has no crf).
    var crf: (range: ClosedRange<Int>, default: Int)? {
        switch self {
        case .h264: (0...51, 20)
        // x265 spends fewer bits at the same crf: 24 looks like x264's 20.
        case .hevc: (0...51, 24)
        // SVT-AV1 refuses 0; 35 is its own default.
        case .av1: (1...63, 35)
        case .vp9: (0...63, 32)
        // ProRes has fixed-quality profiles.
        case .prores: nil
        }
    }

    /// Checks crf and preset and returns the encoder's options for them (and the codec's fixed
    /// options); needs no image, so a command line can check them before any work. A value out
    /// of range, or a preset that is no word (or number) of the encoder's, is a ParameterError;
    /// an option the codec does not take an OptionMisuse.
    func options(crf requested: Int?, preset: String?, alpha: Bool) throws -> [String: String] {
        var options: [String: String] = [:]
        if let (range, defaultCRF) = crf {
            let value = requested ?? defaultCRF
            guard range.contains(value) else {
                throw ParameterError(parameter: "crf", value: String(value), expected: "between \(range.lowerBound) and \(range.upperBound) for \(title)")
            }
            options["crf"] = String(value)
        } else if requested != nil {
            throw OptionMisuse(option: "crf") { [title] _ in "does not apply to \(title): its quality is fixed by its profile" }
        }
        switch self {
        case .h264, .hevc:
            let preset = preset ?? Self.defaultX26xPreset
            guard Self.x26xPresets.contains(preset) else {
                throw ParameterError(parameter: "preset", value: "'\(preset)'",
                                     expected: "one of \(Self.x26xPresets.joined(separator: ", ")) for \(title)", isUnreadable: true)
            }
            options["preset"] = preset
            // x265 prints its banner and statistics on stderr itself, not through FFmpeg's log.
            // Its GOPs are open by default: a keyframe after the first is followed by frames
            // shown before it that refer to the GOP before, yet MP4 marks it as a place to seek
            // from, and Apple's decoders fail on those frames after a seek. Closed, as x264's are.
            if self == .hevc { options["x265-params"] = "log-level=none:open-gop=0" }
        case .av1:
            let preset = preset ?? String(Self.defaultSVTPreset)
            let presetRange = "a number from \(Self.svtPresets.lowerBound) (slowest, best) to \(Self.svtPresets.upperBound) (fastest) for \(title)"
            guard let number = Int(preset) else {
                throw ParameterError(parameter: "preset", value: "'\(preset)'", expected: presetRange, isUnreadable: true)
            }
            guard Self.svtPresets.contains(number) else {
                throw ParameterError(parameter: "preset", value: String(number), expected: presetRange)
            }
            options["preset"] = String(number)
        case .vp9:
            guard preset == nil else { throw OptionMisuse(option: "preset") { [title] _ in "does not apply to \(title), which always uses cpu-used 5; it is for H.264, HEVC and AV1" } }
            // The API defaults (one thread, cpu-used 1) encode 1080p at ~6 fps.
            options.merge(["deadline": "good", "cpu-used": "5", "row-mt": "1"]) { $1 }
        case .prores:
            guard preset == nil else { throw OptionMisuse(option: "preset") { [title] _ in "does not apply to \(title); it is for H.264, HEVC and AV1" } }
            // 422 HQ, or 4444 when the frames carry alpha; "apl0" is the vendor Apple's players expect.
            options.merge(["profile": alpha ? "4444" : "hq", "vendor": "apl0"]) { $1 }
        }
        return options
    }
}
