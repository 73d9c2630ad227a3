/// A black overlay darkening a panel (Core Animation's shadow layer): an opacity, optionally
/// shaped by a linear gradient laid out in the panel's own image coordinates.
public struct Shading: Sendable, Equatable {
    /// Overall opacity of the black overlay, 0 (none) … 1 (black); a value set outside that range
    /// is clamped to it.
    public var opacity: Double {
        didSet { opacity = Self.clamped(opacity) }
    }
    /// Where the overlay's alpha varies; nil for a solid overlay.
    public var gradient: Gradient?

    /// An overlay of `opacity`, clamped to 0 … 1, shaped by `gradient` (solid when nil).
    public init(opacity: Double, gradient: Gradient? = nil) {
        self.opacity = Self.clamped(opacity)
        self.gradient = gradient
    }

    private static func clamped(_ opacity: Double) -> Double { min(max(opacity, 0), 1) }

    /// No overlay: the panel is drawn as it is.
    public static let none = Shading(opacity: 0)

    /// True when the overlay darkens anything (opacity above 0).
    public var isVisible: Bool { opacity > 0 }

    /// The overlay's alpha at a point of the panel's image (0 … 1).
    public func alpha(atX x: Double, y: Double) -> Double {
        guard let gradient else { return opacity }
        return opacity * gradient.alpha(atX: x, y: y)
    }

    /// A linear gradient from `start` to `end`; alpha is piecewise linear between `stops`
    /// (position 0 at `start`, 1 at `end`) and held constant beyond the first and last stop.
    public struct Gradient: Sendable, Equatable {
        /// Where position 0 lies, in the panel's image coordinates (pixels).
        public var start: Point
        /// Where position 1 lies, in the panel's image coordinates (pixels).
        public var end: Point
        /// The alpha (0 … 1, times the shading's opacity) at positions along the axis, in rising
        /// order of position (stops set out of order are sorted), at least one (setting none traps).
        public var stops: [(position: Double, alpha: Double)] {
            didSet { stops = Self.ordered(stops) }
        }

        /// A gradient from `start` to `end` through `stops`, which it sorts by position if they are
        /// not in order. Traps when `stops` is empty.
        public init(from start: Point, to end: Point, stops: [(position: Double, alpha: Double)]) {
            self.start = start
            self.end = end
            self.stops = Self.ordered(stops)
        }

        private static func ordered(_ stops: [(position: Double, alpha: Double)]) -> [(position: Double, alpha: Double)] {
            precondition(!stops.isEmpty, "a gradient needs at least one stop")
            // Stops already in order (as transitions give them) are kept as they are: no copy.
            let inOrder = zip(stops, stops.dropFirst()).allSatisfy { !($1.position < $0.position) }
            return inOrder ? stops : stops.sorted { $0.position < $1.position }
        }

        public static func == (a: Gradient, b: Gradient) -> Bool {
            a.start == b.start && a.end == b.end
                && a.stops.elementsEqual(b.stops) { $0.position == $1.position && $0.alpha == $1.alpha }
        }

        /// The gradient's position (0 at `start`, 1 at `end`) of a point, by projection on the axis.
        public func position(atX x: Double, y: Double) -> Double {
            let dx = end.x - start.x, dy = end.y - start.y
            let lengthSquared = dx * dx + dy * dy
            guard lengthSquared > 0 else { return 0 }
            return ((x - start.x) * dx + (y - start.y) * dy) / lengthSquared
        }

        /// The alpha at position `p` on the axis: interpolated between the stops on either side,
        /// that of the first stop before it and of the last stop after it.
        public func alpha(atPosition p: Double) -> Double {
            guard let first = stops.first, let last = stops.last else { return 0 }
            if p <= first.position { return first.alpha }
            if p >= last.position { return last.alpha }
            for (a, b) in zip(stops, stops.dropFirst()) where p <= b.position {
                let span = b.position - a.position
                return span > 0 ? a.alpha + (b.alpha - a.alpha) * (p - a.position) / span : b.alpha
            }
            return last.alpha
        }

        /// The alpha at a point of the panel's image, from its position on the axis.
        public func alpha(atX x: Double, y: Double) -> Double {
            alpha(atPosition: position(atX: x, y: y))
        }
    }
}
