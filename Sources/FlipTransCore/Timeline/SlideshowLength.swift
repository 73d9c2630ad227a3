extension Timeline {
    /// A slideshow of slides held `holds` seconds each, the transition after each slide from
    /// `transitions`. Given a `length` in seconds, the holds are stretched or shrunk in
    /// proportion (`HoldDistribution`) to fill what the transitions leave of it, so the show
    /// lasts exactly that many frames: for a total length asked for, or the music's. A
    /// transition whose gesture waits for the frame counts no frames until `fitted(to:)`, which
    /// shares the holds out again (and throws this error if the transitions then exceed it).
    /// Holds and the length are checked as `TimelineParameters.hold` and `.total` (a
    /// `ParameterError`: they are often a user's numbers).
    public static func slideshow(holds: [Double], transitions: [TransitionClip], loop: Bool, fps: FrameRate,
                                 lasting length: Double? = nil) throws -> Timeline {
        for hold in holds { _ = try TimelineParameters.hold.check(hold) }
        guard let length = try length.map(TimelineParameters.total.check) else {
            return slideshow(holdFrames: holds.map { fps.frames(seconds: $0) }, transitions: transitions, loop: loop)
        }
        let transitionFrames = slideshow(holdFrames: holds.map { _ in 0 }, transitions: transitions, loop: loop).frameCount
        let frames = fps.frames(seconds: length)
        guard frames >= transitionFrames else {
            throw SlideshowTooShort(transitionSeconds: fps.seconds(frames: transitionFrames), length: length)
        }
        var timeline = slideshow(holdFrames: HoldDistribution.frames(weights: holds, total: frames - transitionFrames),
                                 transitions: transitions, loop: loop)
        timeline.slideshowLayout?.length = (holds, length, fps)
        return timeline
    }
}

/// A length asked of a slideshow that its transitions alone exceed.
public struct SlideshowTooShort: Error, Equatable, CustomStringConvertible {
    /// How long the transitions last, without any hold.
    public let transitionSeconds: Double
    /// The length asked for.
    public let length: Double

    /// The two lengths, in words (to the hundredth of a second, as frames at 30 fps are 0.0333… s,
    /// or as finely as it takes to tell them apart), and what would make the show fit.
    public var description: String {
        var scale = 100.0
        func seconds(_ value: Double) -> String { NumberRange.format((value * scale).rounded() / scale) }
        while scale < 1e6, seconds(transitionSeconds) == seconds(length) { scale *= 10 }
        return "the transitions alone last \(seconds(transitionSeconds)) s, longer than the \(seconds(length)) s the show must last; shorten them or show fewer slides"
    }
}
