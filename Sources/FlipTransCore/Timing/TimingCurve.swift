/// A CSS timing function (`cubic-bezier(x1, y1, x2, y2)`, the same curve as
/// CAMediaTimingFunction): maps the fraction of time elapsed to the progress of the motion.
public struct TimingCurve: Sendable, Equatable, CustomStringConvertible {
    /// The control points (x1, y1) and (x2, y2) of the Bézier from (0, 0) to (1, 1), as CSS writes
    /// them: x is the time fraction, in [0, 1]; y the progress, within `controlYRange`.
    public let x1: Double, y1: Double, x2: Double, y2: Double

    /// Control points as in CSS; x1 and x2 must lie in [0, 1] so time never runs backwards, and
    /// y1 and y2 in `controlYRange`.
    public init?(x1: Double, y1: Double, x2: Double, y2: Double) {
        guard (0...1).contains(x1), (0...1).contains(x2),
              TimingCurve.controlYRange.contains(y1), TimingCurve.controlYRange.contains(y2) else { return nil }
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    private init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    /// The y1 and y2 accepted. CSS sets no bound, but easing curves in use keep them within
    /// about −1…2 (the "back" easings overshoot by a tenth of the motion); at ±100 the motion
    /// already overshoots by up to 75 times its length (e stays within ±76),
    /// so nothing reasonable is refused, while absurd values such as 1e300, which would make
    /// every angle and offset computed from e meaningless, are.
    public static let controlYRange = -100.0...100.0

    /// CSS `linear`, `cubic-bezier(0, 0, 1, 1)`: progress equals the time fraction.
    public static let linear = TimingCurve(0, 0, 1, 1)
    /// CSS `ease`, `cubic-bezier(0.25, 0.1, 0.25, 1)`: a quick start that slows toward the end.
    public static let ease = TimingCurve(0.25, 0.1, 0.25, 1)
    /// CSS `ease-in`, `cubic-bezier(0.42, 0, 1, 1)`: starts slowly and speeds up to the end.
    public static let easeIn = TimingCurve(0.42, 0, 1, 1)
    /// CSS `ease-out`, `cubic-bezier(0, 0, 0.58, 1)`: starts at speed and slows to the end.
    public static let easeOut = TimingCurve(0, 0, 0.58, 1)
    /// CSS `ease-in-out`, `cubic-bezier(0.42, 0, 0.58, 1)`: starts and ends slowly; the
    /// default timing of the flip, the page and the cards.
    public static let easeInOut = TimingCurve(0.42, 0, 0.58, 1)

    /// The curves CSS names, by their CSS names (`ease-in-out`, …); `init(css:)` reads these names
    /// and `description` writes them.
    public static let named: [(name: String, curve: TimingCurve)] = [
        ("linear", .linear), ("ease", .ease), ("ease-in", .easeIn),
        ("ease-out", .easeOut), ("ease-in-out", .easeInOut),
    ]

    /// Parses a CSS name or `cubic-bezier(x1,y1,x2,y2)`; nil when the text is neither.
    public init?(css text: String) {
        let trimmed = text.trimmingSpaces.lowercased()
        if let match = TimingCurve.named.first(where: { $0.name == trimmed }) {
            self = match.curve
            return
        }
        guard trimmed.hasPrefix("cubic-bezier("), trimmed.hasSuffix(")") else { return nil }
        let arguments = trimmed.dropFirst("cubic-bezier(".count).dropLast()
            .split(separator: ",", omittingEmptySubsequences: false)
            .map { DecimalNumber.read($0.trimmingSpaces) }
        guard arguments.count == 4, let values = arguments as? [Double] else { return nil }
        self.init(x1: values[0], y1: values[1], x2: values[2], y2: values[3])
    }

    /// The curve with time and progress both reversed: playing it forwards looks like playing
    /// `self` backwards (ease-in ↔ ease-out).
    public var mirrored: TimingCurve { TimingCurve(1 - x2, 1 - y2, 1 - x1, 1 - y1) }

    public var description: String {
        if let match = TimingCurve.named.first(where: { $0.curve == self }) { return match.name }
        return "cubic-bezier(\(x1),\(y1),\(x2),\(y2))"
    }

    /// Progress at time fraction `t` (clamped to [0, 1]); exact at both ends, and exactly `t` for
    /// a curve whose control points lie on the diagonal (`linear`), where y(s) = x(s).
    public func progress(at t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        if x1 == y1 && x2 == y2 { return t }
        return bezier(parameterFor(t), y1, y2)
    }

    /// One coordinate of the Bézier with end points 0 and 1: 3(1−s)²s·p1 + 3(1−s)s²·p2 + s³.
    private func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let r = 1 - s
        return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
    }

    private func bezierSlope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let r = 1 - s
        return 3 * r * r * p1 + 6 * r * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// Solves x(s) = t for the curve parameter s: Newton's method, falling back to bisection
    /// where the slope is too flat (x is monotonic because x1, x2 ∈ [0, 1]).
    private func parameterFor(_ t: Double) -> Double {
        let tolerance = 1e-7
        var s = t
        for _ in 0..<8 {
            let error = bezier(s, x1, x2) - t
            if abs(error) < tolerance { return s }
            let slope = bezierSlope(s, x1, x2)
            if abs(slope) < 1e-6 { break }
            s -= error / slope
            if s < 0 || s > 1 { break }
        }
        var low = 0.0, high = 1.0
        s = t
        while high - low > tolerance {
            s = (low + high) / 2
            if bezier(s, x1, x2) < t { low = s } else { high = s }
        }
        return (low + high) / 2
    }
}
