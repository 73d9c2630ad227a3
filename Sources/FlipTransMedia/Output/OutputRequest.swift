import FlipTransCore

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
