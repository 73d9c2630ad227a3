/// One transition played over whole frames (DESIGN.md §3): a transition of duration d at f fps
/// has n = round(d·f) frames, and frame i shows time fraction t = i/(n − 1), so the first frame
/// is exactly A and the last exactly B.
public struct TransitionClip: Sendable {
    public let transition: any Transition
    public let timing: TimingCurve
    /// The frames this clip shows.
    public private(set) var frameCount: Int
    /// Frame i shows t = i / intervals: n − 1 for a transition of n frames.
    private let intervals: Int

    /// Nil timing means the transition's own default curve.
    public init(transition: any Transition, timing: TimingCurve? = nil, duration: Double, fps: Int) throws {
        guard duration.isFinite, duration > 0 else {
            throw TimelineError.invalid("--duration must be a positive number of seconds, got \(duration)")
        }
        let frames = Self.frameCount(seconds: duration, fps: fps)
        guard frames >= 2 else {
            throw TimelineError.invalid("--duration \(duration) at \(fps) fps gives \(frames) frame(s); a transition needs at least 2")
        }
        self.transition = transition
        self.timing = timing ?? transition.defaultTiming
        self.frameCount = frames
        self.intervals = frames - 1
    }

    /// round(seconds × fps): how many frames a span of time covers.
    public static func frameCount(seconds: Double, fps: Int) -> Int {
        Int((seconds * Double(fps)).rounded())
    }

    /// The time fraction shown by frame `index` (0 for the first frame, 1 for the last).
    public func timeFraction(ofFrame index: Int) -> Double {
        Double(index) / Double(intervals)
    }

    /// The same clip without its final frame (exactly B): for a video that loops back to a
    /// still of B, which would otherwise show that frame twice in a row at the join.
    public func leavingOutLastFrame() -> TransitionClip {
        var clip = self
        clip.frameCount -= 1
        return clip
    }

    /// The scene at time fraction `t` ∈ [0, 1], after the timing curve.
    public func scene(from a: Image, to b: Image, at t: Double, background: Color) -> Scene {
        transition.scene(from: a, to: b, progress: timing.progress(at: t), background: background)
    }
}

/// A timeline that cannot be built as asked.
public struct TimelineError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public static func invalid(_ message: String) -> TimelineError { TimelineError(description: message) }
}
