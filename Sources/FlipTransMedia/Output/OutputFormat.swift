/// A kind of file fliptrans writes — a video format, a still image — and how to open a sink
/// that writes it. Each format is declared in its own file and listed in `OutputRegistry`.
public struct OutputFormat: Sendable {
    /// Whether a format holds a clip or a single picture. A job given no format picks one of the
    /// output's extension: a still format for a timeline of one still frame, else a video format.
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
    /// Whether it holds frames at a rate or a single still.
    public let kind: Kind
    /// What it writes, for help: "H.264 video".
    public let summary: String
    /// Whether its frames must have even sides (4:2:0 video halves the colour planes): an odd
    /// frame size is then rounded down, with a warning.
    public let needsEvenSides: Bool
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

    /// A format that `check`s its options, `checkFrames` what depends on the frame (nothing by
    /// default), and `open`s its sink.
    public init(name: String, extensions: [String], kind: Kind, summary: String, needsEvenSides: Bool = false,
                check: @escaping @Sendable (OutputOptions, String) throws -> Void,
                checkFrames: @escaping @Sendable (OutputRequest) throws -> Void = { _ in },
                open: @escaping @Sendable (OutputRequest) throws -> any OutputSink) {
        self.name = name
        self.extensions = extensions
        self.kind = kind
        self.summary = summary
        self.needsEvenSides = needsEvenSides
        self.check = check
        self.checkFrames = checkFrames
        self.open = open
    }
}
