/// Where the finger holds the transition at one moment: `time` seconds from the start of the
/// transition, `progress` the time fraction t it sets (the timing still shapes the motion), and
/// where it is on screen when a touch trace says so.
public struct FingerSample: Sendable, Equatable {
    public var time: Double
    public var progress: Double
    public var point: Point?

    public init(time: Double, progress: Double, point: Point? = nil) {
        self.time = time
        self.progress = progress
        self.point = point
    }
}
