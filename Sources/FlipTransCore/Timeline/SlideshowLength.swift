extension Timeline {
    /// A slideshow of slides held `holds` seconds each, the transition after each slide from
    /// `transitions`. Given a `length` in seconds, the holds are stretched or shrunk in
    /// proportion (`HoldDistribution`) to fill what the transitions leave of it, so the show
    /// lasts exactly that many frames: for a total length asked for, or the music's.
    public static func slideshow(holds: [Double], transitions: [TransitionClip], loop: Bool, fps: FrameRate,
                                 lasting length: Double? = nil) throws(SlideshowTooShort) -> Timeline {
        var holdFrames = holds.map { TransitionClip.frameCount(seconds: $0, fps: fps) }
        if let length {
            let transitionFrames = slideshow(holdFrames: holds.map { _ in 0 }, transitions: transitions, loop: loop).frameCount
            let frames = TransitionClip.frameCount(seconds: length, fps: fps)
            guard frames >= transitionFrames else {
                throw SlideshowTooShort(transitionSeconds: fps.seconds(frames: transitionFrames), length: length)
            }
            holdFrames = HoldDistribution.frames(weights: holds, total: frames - transitionFrames)
        }
        return slideshow(holdFrames: holdFrames, transitions: transitions, loop: loop)
    }
}

/// A length asked of a slideshow that its transitions alone exceed.
public struct SlideshowTooShort: Error, Equatable {
    /// How long the transitions last, without any hold.
    public let transitionSeconds: Double
    /// The length asked for.
    public let length: Double
}
