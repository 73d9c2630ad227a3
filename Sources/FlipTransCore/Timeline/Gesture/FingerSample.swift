/// Where the finger holds the transition at one moment: `time` seconds from the start of the
/// transition, `progress` the time fraction t it sets (the timing still shapes the motion), and
/// where it is on screen when a touch trace says so.
public struct FingerSample: Sendable, Equatable {
    /// Seconds from the start of the transition.
    public var time: Double
    /// The time fraction t the finger holds the transition at, 0 … 1 (before the timing shapes it).
    public var progress: Double
    /// Where the finger is, in frame pixels, for a touch trace; nil for a scripted gesture, whose
    /// finger is drawn on a line through the frame's centre (`FingerPath`).
    public var point: Point?

    /// A sample at `time` seconds holding the transition at time fraction `progress`, the finger at
    /// `point` if known. Not checked here: `Gesture` and `GestureScript` check a script's samples.
    public init(time: Double, progress: Double, point: Point? = nil) {
        self.time = time
        self.progress = progress
        self.point = point
    }
}
