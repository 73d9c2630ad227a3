/// Where an encoder's time went, for progress reports and benchmarks.
public struct EncoderStatistics: Sendable, Equatable {
    /// Seconds spent converting frames into the pixels the encoder takes: YUV for video (little
    /// when the renderer converted them as it drew), straight RGBA for a GIF's palette filter or
    /// libwebp.
    public var conversionSeconds: Double = 0
    /// Seconds spent encoding and muxing.
    public var encodingSeconds: Double = 0
    /// Frames of the clip written (a contact sheet's cells; a still's one), a GIF's repeated frames
    /// among them, though it codes them as one longer frame.
    public var framesWritten: Int = 0

    /// No time spent and no frames written yet.
    public init() {}
}
