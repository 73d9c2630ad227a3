import FlipTransCore

/// What to encode: the format, frame size and rate, and the user's options for it.
public struct EncoderSettings: Sendable {
    /// The kind of file written.
    public var format: VideoFormat
    /// Must be even × even: 4:2:0 halves both axes for colour.
    public var size: PixelSize
    /// Exact: 30000/1001 for 29.97.
    public var fps: FrameRate
    /// The user's options for the format, checked when the encoder opens.
    public var options: OutputOptions

    /// Settings for frames of `size` at `fps` in `format`; nothing is checked until an encoder is
    /// opened with them (or `check(format:options:path:)` is called).
    public init(format: VideoFormat, size: PixelSize, fps: FrameRate, options: OutputOptions = OutputOptions()) {
        self.format = format
        self.size = size
        self.fps = fps
        self.options = options
    }

    /// Browsers show a GIF frame of under 2 cs for 10 cs.
    static let fastestGIF = 50
    /// Browsers show a frame of an animated WebP or APNG of 10 ms or less for 100 ms; at 90 fps
    /// a WebP's frames (whole milliseconds) last 11 or 12 ms.
    static let fastestAnimation = 90
    /// SVT-AV1 refuses a side under 64 pixels.
    static let smallestAV1Side = 64
    /// x265 codes a frame with a side under 32 pixels in blocks of 16, which levels 5 and above
    /// forbid, and a side longer than 4216 pixels (4222, the longest level 4.1 allows, in whole
    /// 8-pixel blocks) asks for level 5: such a frame cannot be opened.
    static let x265SmallBlocksBelow = 32, x265LongestSideWithSmallBlocks = 4216

    /// Checks `options` for `format` — options that do not apply, a codec the container cannot
    /// hold, values out of range, transparency the format would lose — and returns the codec;
    /// needs no image, so a command line can check them before any work is done.
    @discardableResult
    public static func check(format: VideoFormat, options: OutputOptions, path: String) throws -> VideoCodec? {
        for option in options.given where !format.accepts(option) {
            let takers = VideoFormat.allCases.compactMap { $0.taking(option) }
            throw OptionMisuse(option: option) { [format] _ in "does not apply to \(format.title); it is for \(takers.joined(separator: ", "))" }
        }
        let codec = try format.codec(options.codec)
        if options.alpha && !format.keepsAlpha(codec: codec) {
            throw MediaError(.outputRefused, path: path,
                             reason: format.alphaRefusal(codec: codec, onStandardOutput: path == OutputDestination.standardOutputPath))
        }
        if let loops = options.loopCount, !(0...65535).contains(loops) {
            throw ParameterError(parameter: "loop-count", value: String(loops), expected: "between 0 (forever) and 65535")
        }
        if let quality = options.webpQuality {
            guard (0...100).contains(quality) else {
                throw ParameterError(parameter: "webp-quality", value: String(quality), expected: "between 0 and 100")
            }
            guard !options.lossless else {
                throw OptionMisuse(option: "webp-quality") { "is for lossy WebP; \($0.option("lossless")) keeps every pixel" }
            }
        }
        try options.gif.check()
        _ = try codec?.options(crf: options.crf, preset: options.preset, alpha: options.alpha)
        return codec
    }

    /// Checks the settings, frame size included, and returns how to encode them through FFmpeg
    /// (an animated WebP is not: `WebPEncoder` calls libwebp itself).
    func plan(path: String) throws -> StreamPlan {
        guard format != .webp else {
            throw MediaError(.invalidRequest, path: path, reason: "an animated WebP is written by WebPEncoder, not through FFmpeg")
        }
        return try StreamPlan(format: format, codec: try check(path: path), options: options)
    }

    /// Checks the settings, frame size included, and returns the codec.
    @discardableResult
    func check(path: String) throws -> VideoCodec? {
        let codec = try Self.check(format: format, options: options, path: path)
        guard size.width > 0, size.height > 0, !format.needsEvenSides || (size.width % 2 == 0 && size.height % 2 == 0) else {
            throw MediaError(.outputRefused, path: path, reason: "\(format.title) needs a size positive and even in both dimensions, got \(size)")
        }
        try Self.check(format: format, fps: fps)
        if codec == .av1, min(size.width, size.height) < Self.smallestAV1Side {
            throw MediaError(.outputRefused, path: path, reason: "\(VideoCodec.av1.title) needs a frame of at least \(Self.smallestAV1Side)x\(Self.smallestAV1Side), got \(size); use \(Self.codecList(format.codecs.filter { $0 != .av1 }))")
        }
        if codec == .hevc, min(size.width, size.height) < Self.x265SmallBlocksBelow,
           max(size.width, size.height) > Self.x265LongestSideWithSmallBlocks {
            throw MediaError(.outputRefused, path: path, reason: "\(VideoCodec.hevc.title) cannot encode \(size): a side under \(Self.x265SmallBlocksBelow) pixels "
                             + "and one over \(Self.x265LongestSideWithSmallBlocks) need blocks its levels do not allow together; use --codec h264 or another --size")
        }
        return codec
    }

    /// Whether `format` plays frames at `fps` as written: an animation's delays are not a video's
    /// (known before the frame's size, so a batch refuses such a line while planning).
    static func check(format: VideoFormat, fps: FrameRate) throws {
        if format == .gif, fps.perSecond > Double(Self.fastestGIF) {
            throw ParameterError(parameter: TimelineParameters.fps.name, value: fps.description,
                                 expected: "at most \(Self.fastestGIF) for a GIF (its delays are whole centiseconds, and browsers slow delays under 2 cs to 10 cs)")
        }
        if format == .webp || format == .apng, fps.perSecond > Double(Self.fastestAnimation) {
            throw ParameterError(parameter: TimelineParameters.fps.name, value: fps.description,
                                 expected: "at most \(Self.fastestAnimation) for \(format == .webp ? "an animated WebP" : "an APNG") (browsers slow frames of 10 ms or less to 100 ms)")
        }
    }

    /// "--codec h264 or hevc", "--codec vp9".
    private static func codecList(_ codecs: [VideoCodec]) -> String {
        let names = codecs.map(\.rawValue)
        return "--codec " + (names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined())
    }
}

extension VideoFormat {
    /// How this format takes `option`, for a list of those that do: `.mp4`, or only with
    /// another codec than its default (`--preset`: `.webm (with --codec av1)`); nil when it does not.
    func taking(_ option: String) -> String? {
        guard accepts(option) else { return nil }
        let name = "." + rawValue
        guard let codec = codecs.first, !codec.takes(option) else { return name }
        let others = codecs.filter { $0.takes(option) }.map(\.rawValue)
        return others.isEmpty ? nil : "\(name) (with --codec \(others.joined(separator: " or ")))"
    }

    /// Whether the format takes `option` (as `OutputOptions.given` names it).
    func accepts(_ option: String) -> Bool {
        switch option {
        case "codec", "crf", "preset": !codecs.isEmpty
        case "lossless", "webp-quality": self == .webp
        case "loop-count": self == .gif || self == .apng || self == .webp
        default: self == .gif  // the gif-… options
        }
    }
}
