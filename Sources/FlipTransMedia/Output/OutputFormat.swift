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
    /// Opens a sink writing `request.path` (through a temporary file, moved into place by
    /// `finish()`).
    public let open: @Sendable (_ request: OutputRequest) throws -> any OutputSink

    public init(name: String, extensions: [String], kind: Kind, summary: String,
                check: @escaping @Sendable (OutputOptions, String) throws -> Void,
                open: @escaping @Sendable (OutputRequest) throws -> any OutputSink) {
        self.name = name
        self.extensions = extensions
        self.kind = kind
        self.summary = summary
        self.check = check
        self.open = open
    }
}

/// The knobs a user may give an output; each format takes those that apply to it and refuses
/// the others.
public struct OutputOptions: Sendable, Equatable {
    /// Constant rate factor (video): lower is better; nil for the format's default.
    public var crf: Int?
    /// Encoder preset (x264); nil for the default.
    public var preset: String?

    public init(crf: Int? = nil, preset: String? = nil) {
        self.crf = crf
        self.preset = preset
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
}
