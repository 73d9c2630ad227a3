import FlipTransCore

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
    /// Default: 1.
    public var passes: Int { 1 }
    /// Default: nothing to do.
    public func endPass() throws {}
}
