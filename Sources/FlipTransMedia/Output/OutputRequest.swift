import FlipTransCore

/// What a sink is opened for.
public struct OutputRequest: Sendable {
    /// Where to write, or `-` for standard output.
    public var path: String
    /// The frames' size in pixels.
    public var size: PixelSize
    /// Exact: 30000/1001 for 29.97 (`FrameRate.perSecond` for the number).
    public var fps: FrameRate
    /// The user's options for the format; a `RenderJob` sets their `alpha` from its background.
    public var options: OutputOptions
    /// Music to put under a video; formats without sound are never given one (`RenderJob`).
    public var audio: AudioRequest? = nil
    /// How many frames will come, when known before the first: a format whose timestamps are
    /// bounded (an animated WebP's) refuses a clip too long for it before any is rendered.
    public var frameCount: Int? = nil

    /// A request to write frames of `size` at `fps` to `path`, as a `RenderJob` makes one; a
    /// program may make its own to open a format's sink and feed it frames itself.
    public init(path: String, size: PixelSize, fps: FrameRate, options: OutputOptions = OutputOptions(), audio: AudioRequest? = nil, frameCount: Int? = nil) {
        (self.path, self.size, self.fps, self.options, self.audio, self.frameCount) = (path, size, fps, options, audio, frameCount)
    }
}
