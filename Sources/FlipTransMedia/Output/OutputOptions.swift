/// The knobs a user may give an output; each format takes those that apply to it and refuses
/// the others.
public struct OutputOptions: Sendable, Equatable {
    /// The codec of a container that takes several (`--codec`); nil for the container's default.
    public var codec: VideoCodec?
    /// Constant rate factor (video): lower is better; nil for the codec's default.
    public var crf: Int?
    /// Encoder preset (x264, x265, SVT-AV1); nil for the default.
    public var preset: String?
    /// Animated WebP: lossless instead of lossy.
    public var lossless: Bool
    /// Lossy animated WebP: libwebp's quality, 0–100; nil for its default, 75.
    public var webpQuality: Int?
    /// GIF, WebP and APNG: how many times the animation plays in all (0, the default, forever).
    public var loopCount: Int?
    /// GIF: the palettes, the dithering and the number of colours; nil for the defaults.
    public var gif: GIFOptions
    /// Whether the frames carry transparency (a transparent or translucent background): set by
    /// the job from its frame policy; formats that cannot keep it refuse.
    public var alpha: Bool

    /// Options as given; nil (or false) leaves each at the format's default, and `alpha` is for the
    /// job to set. Checked against the format by `OutputFormat.check`.
    public init(codec: VideoCodec? = nil, crf: Int? = nil, preset: String? = nil, lossless: Bool = false, webpQuality: Int? = nil,
                loopCount: Int? = nil, gif: GIFOptions = GIFOptions(), alpha: Bool = false) {
        self.codec = codec
        self.crf = crf
        self.preset = preset
        self.lossless = lossless
        self.webpQuality = webpQuality
        self.loopCount = loopCount
        self.gif = gif
        self.alpha = alpha
    }

    /// The options given that only some formats take, by name (without dashes).
    var given: [String] {
        var names: [String] = []
        if codec != nil { names.append("codec") }
        if crf != nil { names.append("crf") }
        if preset != nil { names.append("preset") }
        if lossless { names.append("lossless") }
        if webpQuality != nil { names.append("webp-quality") }
        if loopCount != nil { names.append("loop-count") }
        names += gif.given
        return names
    }

    /// Refuses every option given (`given`) for an output that takes none: `--crf and --preset
    /// are for videos; ` and then `why` (the file's own format, which they cannot change).
    func refuseAll(_ why: String) throws {
        guard let first = given.first else { return }
        let others = given.dropFirst()
        throw OptionMisuse(option: first) { wording in
            (others.isEmpty ? "is" : "and " + others.map(wording.option).joined(separator: ", ") + " are") + " for videos; " + why
        }
    }
}
