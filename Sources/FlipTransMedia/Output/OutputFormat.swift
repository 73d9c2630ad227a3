import FlipTransCore

/// A kind of file fliptrans writes — a video format, a still image — and how to open a sink
/// that writes it. Each format is declared in its own file and listed in `OutputRegistry`.
public struct OutputFormat: Sendable {
    public enum Kind: Sendable {
        /// Any number of frames at a frame rate.
        case video
        /// Exactly one frame.
        case still
    }

    /// What `--format` calls it.
    public let name: String
    /// File extensions that choose it, lower case, without the dot.
    public let extensions: [String]
    public let kind: Kind
    /// What it writes, for help: "H.264 video".
    public let summary: String
    /// Checks the user's options for this format, throwing a MediaError naming the path; runs
    /// before any work is done.
    public let check: @Sendable (_ options: OutputOptions, _ path: String) throws -> Void
    /// Checks what depends on the frame's size and rate (a GIF's rate, AV1's smallest side, a
    /// contact sheet's size), throwing a MediaError naming the path; runs once the frame size is
    /// known (the inputs probed), before any frame is rendered, and in a batch's `--check`.
    public let checkFrames: @Sendable (_ request: OutputRequest) throws -> Void
    /// Opens a sink writing `request.path` (through a temporary file, moved into place by
    /// `finish()`).
    public let open: @Sendable (_ request: OutputRequest) throws -> any OutputSink

    public init(name: String, extensions: [String], kind: Kind, summary: String,
                check: @escaping @Sendable (OutputOptions, String) throws -> Void,
                checkFrames: @escaping @Sendable (OutputRequest) throws -> Void = { _ in },
                open: @escaping @Sendable (OutputRequest) throws -> any OutputSink) {
        self.name = name
        self.extensions = extensions
        self.kind = kind
        self.summary = summary
        self.check = check
        self.checkFrames = checkFrames
        self.open = open
    }
}

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
    /// GIF, WebP and APNG: how many times the animation plays in all (0, the default, forever).
    public var loopCount: Int?
    /// GIF: the palettes, the dithering and the number of colours; nil for the defaults.
    public var gif: GIFOptions
    /// Whether the frames carry transparency (a transparent or translucent background): set by
    /// the job from its frame policy; formats that cannot keep it refuse.
    public var alpha: Bool

    public init(codec: VideoCodec? = nil, crf: Int? = nil, preset: String? = nil, lossless: Bool = false, loopCount: Int? = nil,
                gif: GIFOptions = GIFOptions(), alpha: Bool = false) {
        self.codec = codec
        self.crf = crf
        self.preset = preset
        self.lossless = lossless
        self.loopCount = loopCount
        self.gif = gif
        self.alpha = alpha
    }

    /// The options given that only some formats take, as the command line names them.
    var given: [String] {
        var names: [String] = []
        if codec != nil { names.append("--codec") }
        if crf != nil { names.append("--crf") }
        if preset != nil { names.append("--preset") }
        if lossless { names.append("--lossless") }
        if loopCount != nil { names.append("--loop-count") }
        names += gif.given
        return names
    }
}

/// What a sink is opened for.
public struct OutputRequest: Sendable {
    public var path: String
    public var size: PixelSize
    /// Exact: 30000/1001 for 29.97 (`FrameRate.perSecond` for the number).
    public var fps: FrameRate
    public var options: OutputOptions
    /// Music to put under a video; formats without sound are never given one (`RenderJob`).
    public var audio: AudioRequest? = nil
}

/// A sink that writes a file: frames go in, `finish()` completes the file and moves it into
/// place; a sink released unfinished leaves nothing at the path.
public protocol OutputSink: FrameSink {
    /// Time spent converting and encoding, and frames written.
    var statistics: EncoderStatistics { get }
    /// How many times the frames must be played into the sink: 2 for one that must see every
    /// frame before it writes the first (a GIF's palette for the whole clip). Rendering is
    /// deterministic, so a second pass costs time rather than the memory of keeping every frame.
    var passes: Int { get }
    /// Called after each pass but the last.
    func endPass() throws
}

extension OutputSink {
    public var passes: Int { 1 }
    public func endPass() throws {}
}
