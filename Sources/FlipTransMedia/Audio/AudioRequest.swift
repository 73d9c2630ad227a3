/// A soundtrack with the length of the video it goes under.
public struct AudioRequest: Sendable {
    /// The music and how it is played.
    public var soundtrack: Soundtrack
    /// The video's length in seconds, which the track written matches exactly.
    public var duration: Double
    /// Hears a warning about the music, such as its ending before the length its file gives.
    public var warning: @Sendable (String) -> Void = { _ in }
    /// Whether music that gives less than the video wants was said to before the work (a
    /// `RenderJob` says so of music not looped, which it decodes first), not to be said again.
    public var shortfallSaid = false

    /// `soundtrack` under a video of `duration` seconds.
    public init(soundtrack: Soundtrack, duration: Double) {
        self.soundtrack = soundtrack
        self.duration = duration
    }
}
