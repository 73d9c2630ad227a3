/// Where the time of one render went.
public struct RenderStatistics: Sendable {
    public var frames: Int
    /// Decoding and fitting the images.
    public var decode: Duration
    /// Rasterising frames.
    public var render: Duration
    /// Converting and encoding, as the output measured it.
    public var output: EncoderStatistics
    /// The whole render, wall time.
    public var total: Duration
}
