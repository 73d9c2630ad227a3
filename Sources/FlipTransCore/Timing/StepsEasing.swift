/// CSS `steps(n, position)` (CSS Easing Functions Level 2): the time cut into n equal intervals,
/// progress jumping between them, as docs/timing.md describes.
public struct StepsEasing: Timing, Equatable, CustomStringConvertible {
    /// Where the jumps fall. `start` and `end` are CSS's older names for `jump-start` and
    /// `jump-end`; they keep their spelling, as CSS serialises them.
    public enum Position: String, Sendable, CaseIterable {
        /// As in CSS: `jump-start` rises at the start of each interval, so the first level is
        /// above 0; `jump-end` at the end of each, so the last is below 1; `jump-none` at neither
        /// end (n − 1 jumps, levels 0 to 1); `jump-both` at both (n + 1 jumps).
        case jumpStart = "jump-start", jumpEnd = "jump-end", jumpNone = "jump-none", jumpBoth = "jump-both"
        case start, end
    }

    /// How many equal intervals the time is cut into: 1 … `mostSteps` (at least 2 for `jump-none`).
    public let steps: Int
    /// Where in each interval the progress jumps.
    public let position: Position

    /// The most steps accepted: more than an hour of video at 240 fps has frames.
    public static let mostSteps = 1_000_000

    /// Nil when CSS refuses it — fewer than 1 step, or fewer than 2 with `jump-none` — or for
    /// more than `mostSteps`.
    public init?(steps: Int, position: Position = .end) {
        guard steps >= (position == .jumpNone ? 2 : 1), steps <= Self.mostSteps else { return nil }
        self.steps = steps
        self.position = position
    }

    /// The number of jumps: the rises between the levels progress takes.
    private var jumps: Int {
        switch position {
        case .jumpStart, .start, .jumpEnd, .end: steps
        case .jumpNone: steps - 1
        case .jumpBoth: steps + 1
        }
    }

    /// The specification's output for input x, with its before flag unset (a video frame is
    /// always inside the transition).
    public func output(at x: Double) -> Double {
        let scaled = x * Double(steps)
        // Far outside [0, 1] the count of steps no longer matters: the clamps below decide.
        var current = scaled.magnitude < 1e15 ? Int(scaled.rounded(.down)) : (scaled < 0 ? -1 : jumps + 1)
        if [.jumpStart, .start, .jumpBoth].contains(position) { current += 1 }
        if x >= 0, current < 0 { current = 0 }
        if x <= 1, current > jumps { current = jumps }
        return Double(current) / Double(jumps)
    }

    /// The output inside the transition; its first frame is A (0) and its last B (1), as for every
    /// timing: `jump-start` shows its first level from the second frame on (docs/timing.md).
    public func progress(at t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        return output(at: t)
    }

    public var description: String {
        position == .end || position == .jumpEnd ? "steps(\(steps))" : "steps(\(steps), \(position.rawValue))"
    }
}
