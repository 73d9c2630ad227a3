/// Where an encoder's time went, for progress reports and benchmarks.
public struct EncoderStatistics: Sendable, Equatable {
    /// Seconds spent converting RGBA to YUV (swscale).
    public var conversionSeconds: Double = 0
    /// Seconds spent encoding and muxing.
    public var encodingSeconds: Double = 0
    /// Frames in the file written (a contact sheet's cells; a still's one).
    public var framesWritten: Int = 0

    /// No time spent and no frames written yet.
    public init() {}
}
