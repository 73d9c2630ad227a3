/// Where the time of one render went.
public struct RenderStatistics: Sendable {
    /// Frames rendered: the timeline's, times the output's passes over them (a GIF with one
    /// palette for the clip renders them twice). The file holds `output.framesWritten`.
    public var frames: Int
    /// The video's frames, each counted once: the timeline's, fitted to the frame (a touch
    /// trace's frames are known only then).
    public var videoFrames: Int
    /// Decoding and fitting the images, on a thread of its own, ahead of the frames.
    public var decode: Duration
    /// How long the output waited for images still being decoded.
    public var waitingForImages: Duration
    /// Rasterising frames (and converting them to 4:2:0 where the renderer does it), on the
    /// render threads, alongside the encoder: their time divided by their number.
    public var render: Duration
    /// How long the output waited for frames still being rendered.
    public var waitingForFrames: Duration
    /// Converting and encoding, as the output measured it.
    public var output: EncoderStatistics
    /// The whole render, wall time.
    public var total: Duration
}
