import Glibc

/// `spring(mass, stiffness, damping, velocity)`: a damped spring pulling the progress from 0 to 1
/// (the model of SwiftUI's, Remotion's and Framer Motion's springs), in closed form. The spring
/// plays its own motion until it has settled, stretched or squeezed to the transition's
/// duration, so t = 1 is the moment it settles. An underdamped spring overshoots: e passes 1 and
/// swings back (docs/timing.md).
public struct SpringTiming: Timing, Equatable, CustomStringConvertible {
    /// The spring's mass m, stiffness k and damping c, in the units of its equation
    /// m·y″ + c·y′ + k·y = 0 (time in seconds of the spring's own motion), each above 0.
    public let mass: Double, stiffness: Double, damping: Double
    /// The progress's speed at the start, in progress per second of the spring's own time.
    public let velocity: Double
    /// Seconds of the spring's own time until it stays within `settledWithin` of 1; t = 1 there.
    public let settlingTime: Double
    /// How close to 1 counts as settled: a thousandth, a pixel of a 1000-pixel motion.
    static let settledWithin = 1e-3
    /// The most the progress may stray from 1, as for cubic-bezier's y values
    /// (`TimingCurve.controlYRange`): beyond it the angles and offsets computed from e lose meaning.
    public static let largestExcursion = 100.0

    /// The masses accepted: above 0, up to 1000.
    public static let massRange = NumberRange.above(0, upTo: 1000)
    /// The stiffnesses accepted: above 0, up to 100 000.
    public static let stiffnessRange = NumberRange.above(0, upTo: 100_000)
    /// The dampings accepted: above 0, up to 100 000.
    public static let dampingRange = NumberRange.above(0, upTo: 100_000)
    /// The start velocities accepted: −1000 … 1000 progress per second.
    public static let velocityRange = NumberRange.between(-1000, 1000)

    private let motion: Motion

    /// Nil when a value is out of its range, or the spring would stray more than
    /// `largestExcursion` from 1 or never settle.
    public init?(mass: Double, stiffness: Double, damping: Double, velocity: Double = 0) {
        guard Self.massRange.contains(mass), Self.stiffnessRange.contains(stiffness),
              Self.dampingRange.contains(damping), Self.velocityRange.contains(velocity) else { return nil }
        let motion = Motion(mass: mass, stiffness: stiffness, damping: damping, velocity: velocity)
        let settlingTime = motion.time(whenWithin: Self.settledWithin)
        // A spring so weakly damped that its settling time overflows never comes to rest.
        guard motion.largestDistance <= Self.largestExcursion, settlingTime.isFinite else { return nil }
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.velocity = velocity
        self.motion = motion
        self.settlingTime = settlingTime
    }

    public static func == (a: SpringTiming, b: SpringTiming) -> Bool {
        (a.mass, a.stiffness, a.damping, a.velocity) == (b.mass, b.stiffness, b.damping, b.velocity)
    }

    /// The spring's position after `seconds` of its own time.
    public func position(afterSeconds seconds: Double) -> Double { 1 + motion.distance(at: seconds) }

    /// The spring's position at `t` × `settlingTime` seconds of its own time: 0 at t ≤ 0, exactly 1
    /// at t ≥ 1, and above 1 wherever an underdamped spring overshoots.
    public func progress(at t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        return position(afterSeconds: t * settlingTime)
    }

    public var description: String {
        "spring(" + [mass, stiffness, damping, velocity].map(NumberRange.format).joined(separator: ", ") + ")"
    }

    /// The distance y = x − 1 from the rest position: m·y″ + c·y′ + k·y = 0, y(0) = −1,
    /// y′(0) = v₀, solved for each kind of damping, with a bound on |y| that never grows.
    private enum Motion: Sendable {
        /// ζ < 1: y = e^(−ζω₀s)·(A·cos ω_d s + B·sin ω_d s).
        case underdamped(decay: Double, frequency: Double, a: Double, b: Double)
        /// ζ = 1: y = e^(−ω₀s)·(A + B·s).
        case critical(decay: Double, a: Double, b: Double)
        /// ζ > 1: y = C₁·e^(r₁s) + C₂·e^(r₂s).
        case overdamped(r1: Double, r2: Double, c1: Double, c2: Double)

        init(mass: Double, stiffness: Double, damping: Double, velocity: Double) {
            let natural = (stiffness / mass).squareRoot()
            let ratio = damping / (2 * (stiffness * mass).squareRoot())
            if ratio < 1 {
                let frequency = natural * (1 - ratio * ratio).squareRoot()
                self = .underdamped(decay: ratio * natural, frequency: frequency, a: -1,
                                    b: (velocity - ratio * natural) / frequency)
            } else if ratio == 1 {
                self = .critical(decay: natural, a: -1, b: velocity - natural)
            } else {
                let root = (ratio * ratio - 1).squareRoot()
                let (r1, r2) = (-natural * (ratio - root), -natural * (ratio + root))
                let c2 = (velocity + r1) / (r2 - r1)
                self = .overdamped(r1: r1, r2: r2, c1: -1 - c2, c2: c2)
            }
        }

        func distance(at s: Double) -> Double {
            switch self {
            case let .underdamped(decay, frequency, a, b):
                exp(-decay * s) * (a * cos(frequency * s) + b * sin(frequency * s))
            case let .critical(decay, a, b):
                exp(-decay * s) * (a + b * s)
            case let .overdamped(r1, r2, c1, c2):
                c1 * exp(r1 * s) + c2 * exp(r2 * s)
            }
        }

        /// A bound on |y| from time s on, and the time from which that bound only falls.
        private func bound(from s: Double) -> Double {
            switch self {
            case let .underdamped(decay, _, a, b): (a * a + b * b).squareRoot() * exp(-decay * s)
            case let .critical(decay, a, b): (abs(a) + abs(b) * s) * exp(-decay * s)
            case let .overdamped(r1, r2, c1, c2): abs(c1) * exp(r1 * s) + abs(c2) * exp(r2 * s)
            }
        }

        private var boundPeak: Double {
            guard case let .critical(decay, a, b) = self, b != 0 else { return 0 }
            return max(0, 1 / decay - abs(a) / abs(b))
        }

        /// The largest |y| can be.
        var largestDistance: Double { bound(from: boundPeak) }

        /// The first time from which the bound stays within `limit` (bisection on the bound,
        /// which falls from its peak on).
        func time(whenWithin limit: Double) -> Double {
            var low = boundPeak, high = max(boundPeak, 1e-3)
            while bound(from: high) > limit { high *= 2 }
            for _ in 0..<100 where high - low > 1e-12 * high {
                let middle = (low + high) / 2
                if bound(from: middle) > limit { low = middle } else { high = middle }
            }
            return high
        }
    }
}
