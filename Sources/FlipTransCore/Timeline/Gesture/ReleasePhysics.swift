import Glibc

/// How the transition moves on once the finger lifts (docs/gestures.md): it keeps the finger's
/// speed, held within `maximumSpeed`, and that speed eases toward a target speed — at least
/// `minimumSpeed` in the direction of travel — with time constant `easingTime`, until the
/// progress reaches 0 or 1. A finger moving faster than `decisionSpeed` decides the direction;
/// a (nearly) still one leaves it to where it let go: from half way on the transition completes,
/// below half it returns. Speeds are in progress per second: 1 plays a whole transition in a
/// second.
public struct ReleasePhysics: Sendable, Equatable {
    /// The fastest the transition moves on after the lift, in transitions per second (default 4).
    public let maximumSpeed: Double
    /// The speed it eases up to at least after the lift, in transitions per second (default 1).
    public let minimumSpeed: Double
    /// The time constant τ of the speed's easing toward its target, in seconds (default 0.2).
    public let easingTime: Double
    /// The finger's speed above which its motion at the lift decides the direction, in transitions
    /// per second (default 0.1); a slower finger completes from half way on and returns below it.
    public let decisionSpeed: Double

    /// Refuses values outside the parameters' ranges, and a minimum above the maximum.
    public init(maximumSpeed: Double = Defaults.maximumSpeed, minimumSpeed: Double = Defaults.minimumSpeed,
                easingTime: Double = Defaults.easingTime, decisionSpeed: Double = Defaults.decisionSpeed) throws {
        self.maximumSpeed = try Self.maximumSpeedParameter.check(maximumSpeed)
        self.minimumSpeed = try Self.minimumSpeedParameter.check(minimumSpeed)
        self.easingTime = try Self.easingTimeParameter.check(easingTime)
        self.decisionSpeed = try Self.decisionSpeedParameter.check(decisionSpeed)
        guard minimumSpeed <= maximumSpeed else {
            throw ParameterError(parameter: Self.minimumSpeedParameter.name, value: NumberRange.format(minimumSpeed),
                                 expected: "at most --\(Self.maximumSpeedParameter.name) (\(NumberRange.format(maximumSpeed)))")
        }
    }

    /// The physics with every default value.
    public static let standard = try! ReleasePhysics()

    /// The defaults. The easing time, 0.2 s, is that of the phone apps whose page gestures these
    /// follow; they publish no speeds, so these are chosen (docs/gestures.md#physics): a released transition moves at least at the pace
    /// of a one-second transition, at most four times as fast, and a finger counts as still
    /// below a tenth of a transition a second.
    public enum Defaults {
        /// Transitions per second.
        public static let maximumSpeed = 4.0
        /// Transitions per second.
        public static let minimumSpeed = 1.0
        /// Seconds.
        public static let easingTime = 0.2
        /// Transitions per second.
        public static let decisionSpeed = 0.1
    }

    /// `--release-max-speed`: above 0, up to 100 transitions per second.
    public static let maximumSpeedParameter = TransitionParameter.number(
        "release-max-speed", .above(0, upTo: 100, unit: "per second"), default: Defaults.maximumSpeed,
        help: "After the lift: the fastest the transition moves on, in transitions per second.", valueName: "speed")
    /// `--release-min-speed`: 0.01 … 100 transitions per second (`init` also refuses one
    /// above the maximum speed).
    public static let minimumSpeedParameter = TransitionParameter.number(
        "release-min-speed", .between(0.01, 100, unit: "per second"), default: Defaults.minimumSpeed,
        help: "After the lift: the speed it eases up to at least, in transitions per second.", valueName: "speed")
    /// `--release-easing`: above 0, up to 10 seconds.
    public static let easingTimeParameter = TransitionParameter.number(
        "release-easing", .above(0, upTo: 10, unit: "seconds"), default: Defaults.easingTime,
        help: "After the lift: the time constant of the speed's easing toward its target.", valueName: "seconds")
    /// `--release-threshold`: 0 … 100 transitions per second.
    public static let decisionSpeedParameter = TransitionParameter.number(
        "release-threshold", .between(0, 100, unit: "per second"), default: Defaults.decisionSpeed,
        help: "A finger faster than this at the lift decides the direction; a slower one completes from half way on.",
        valueName: "speed")

    /// The motion after letting go at `progress` with the finger moving at `velocity`.
    public func release(at progress: Double, velocity: Double) -> ReleaseMotion {
        let speed = min(max(velocity, -maximumSpeed), maximumSpeed)
        let forward = abs(velocity) > decisionSpeed ? velocity > 0 : progress >= 0.5
        let target = forward ? max(speed, minimumSpeed) : min(speed, -minimumSpeed)
        return ReleaseMotion(start: progress, speed: speed, targetSpeed: target, easingTime: easingTime)
    }
}

/// The progress after the lift, in closed form: with speed v₀, target speed T and easing time τ,
/// the speed is v(s) = T + (v₀ − T)·e^(−s/τ) and the progress p(s) = p₀ + T·s + (v₀ − T)·τ·(1 − e^(−s/τ)),
/// until it reaches 1 (completes, T > 0) or 0 (returns, T < 0) and stays there. Being exact at
/// every instant, it does not depend on the frame rate.
public struct ReleaseMotion: Sendable, Equatable {
    /// The progress (time fraction) at the lift.
    public let start: Double
    /// The speed v₀ at the lift, the finger's held within the maximum speed, in transitions per
    /// second (negative: toward A).
    public let speed: Double
    /// The speed T it eases toward, in transitions per second: positive when it completes, negative
    /// when it returns, at least the minimum speed in size either way.
    public let targetSpeed: Double
    /// The time constant τ of the easing, in seconds.
    public let easingTime: Double
    /// Seconds from the lift until the progress reaches its end.
    public let duration: Double

    init(start: Double, speed: Double, targetSpeed: Double, easingTime: Double) {
        self.start = start
        self.speed = speed
        self.targetSpeed = targetSpeed
        self.easingTime = easingTime
        duration = Self.arrival(start: start, speed: speed, target: targetSpeed, easingTime: easingTime)
    }

    /// True when it ends on B.
    public var completes: Bool { targetSpeed > 0 }
    /// The progress it ends on: exactly 1 or 0.
    public var end: Double { completes ? 1 : 0 }

    /// The progress `s` seconds after the lift.
    public func progress(after s: Double) -> Double {
        s >= duration ? end : Self.unbounded(s, start: start, speed: speed, target: targetSpeed, easingTime: easingTime)
    }

    /// The speed `s` seconds after the lift (0 once it has arrived).
    public func speed(after s: Double) -> Double {
        s >= duration ? 0 : targetSpeed + (speed - targetSpeed) * exp(-s / easingTime)
    }

    private static func unbounded(_ s: Double, start: Double, speed: Double, target: Double, easingTime: Double) -> Double {
        start + target * s + (speed - target) * easingTime * -expm1(-s / easingTime)
    }

    /// When p(s) reaches the end: bisection, from the moment the speed points toward the end
    /// (the progress moves only away from it before), so the first crossing is found.
    private static func arrival(start: Double, speed: Double, target: Double, easingTime: Double) -> Double {
        let end: Double = target > 0 ? 1 : 0
        let remaining = { (s: Double) in (end - unbounded(s, start: start, speed: speed, target: target, easingTime: easingTime)) * (target > 0 ? 1 : -1) }
        guard remaining(0) > 0 else { return 0 }
        // The speed turns toward the end where T + (v₀ − T)·e^(−s/τ) = 0.
        var low = speed * target < 0 ? easingTime * log((target - speed) / target) : 0
        var high = low + easingTime
        while remaining(high) > 0 { high = low + 2 * (high - low) }
        for _ in 0..<200 where high - low > 1e-12 {
            let middle = (low + high) / 2
            if remaining(middle) > 0 { low = middle } else { high = middle }
        }
        return high
    }
}
