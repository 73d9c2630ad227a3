/// A finger driving a transition (docs/gestures.md): its samples — written as `T:P` pairs, or a
/// recorded touch trace turned into progress by the drag along the transition's way — the
/// physics after it lifts, and whether the video shows it.
public struct Gesture: Sendable {
    /// Where the finger's samples come from.
    public enum Input: Sendable {
        /// Progress samples (`--gesture`).
        case script([FingerSample])
        /// A recorded trace (`--gesture-file`).
        case trace(TouchTrace)
    }

    /// The finger's samples: a script of time fractions or a recorded trace of positions.
    public var input: Input
    /// Pixels of drag for a whole transition; nil for the default, which scales with the frame
    /// (`FingerPath.defaultDragDistance`).
    public var dragDistance: Double?
    /// How the transition moves on after the finger lifts.
    public var physics: ReleasePhysics
    /// Draw the finger as a soft translucent disc (`--show-touches`).
    public var showsTouches: Bool

    /// A gesture from `input`. Throws a `ParameterError` for a script whose samples `GestureScript`
    /// refuses (times not rising within an hour, a progress outside 0 … 1, a first progress not 0)
    /// and for a drag distance outside `FingerPath.dragDistanceParameter`'s range.
    public init(_ input: Input, dragDistance: Double? = nil, physics: ReleasePhysics = .standard,
                showsTouches: Bool = false) throws {
        if case let .script(samples) = input, let problem = GestureScript.problem(with: samples) {
            throw ParameterError(parameter: "gesture", value: samples.map { "\(NumberRange.format($0.time)):\(NumberRange.format($0.progress))" }.joined(separator: " "),
                                 expected: GestureScript.form + ", here " + problem)
        }
        self.input = input
        self.dragDistance = try dragDistance.map { try FingerPath.dragDistanceParameter.check($0) }
        self.physics = physics
        self.showsTouches = showsTouches
    }

    /// True when its motion depends on the frame's size: a trace with the default drag distance.
    public var needsFrame: Bool {
        if case .trace = input { return dragDistance == nil }
        return false
    }

    /// The drag distance in a frame of `size`.
    public func dragDistance(frame size: PixelSize) -> Double {
        dragDistance ?? FingerPath.defaultDragDistance(frame: size)
    }

    /// Its motion for a transition moving `direction`; `frame` is needed only when `needsFrame`.
    public func motion(direction: Direction, frame: PixelSize?) -> GestureMotion {
        switch input {
        case let .script(samples):
            return GestureMotion(samples: samples, physics: physics)
        case let .trace(trace):
            let distance = dragDistance ?? FingerPath.defaultDragDistance(frame: frame!)
            return GestureMotion(samples: trace.fingerSamples(direction: direction, dragDistance: distance), physics: physics)
        }
    }
}
