/// Where the time of playing a timeline went, as `TimelinePlayer.play` measures it.
public struct PlaybackTimes: Sendable, Equatable {
    /// Rendering frames (and converting them, for a sink that takes 4:2:0 pictures): the render
    /// threads' time divided by their number.
    public var rendering: Duration = .zero
    /// How long the sink's thread waited for a rendered frame: the time an encoder sat idle
    /// because rendering was behind.
    public var waitingForFrames: Duration = .zero
    /// How long the sink's thread waited for an image still being decoded (`ImagesAhead`): the
    /// part of decoding that did not overlap rendering and encoding.
    public var waitingForImages: Duration = .zero

    /// All times zero.
    public init() {}

    /// Each time added to its counterpart: the times of two playbacks together.
    public static func + (lhs: PlaybackTimes, rhs: PlaybackTimes) -> PlaybackTimes {
        var sum = lhs
        sum.rendering += rhs.rendering
        sum.waitingForFrames += rhs.waitingForFrames
        sum.waitingForImages += rhs.waitingForImages
        return sum
    }
}
