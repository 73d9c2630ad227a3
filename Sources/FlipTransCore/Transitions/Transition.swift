/// A 3D transition from image A to image B: at each progress value it builds the scene to draw.
///
/// To add a transition, write a type conforming to this protocol in its own file and register
/// its name in `TransitionRegistry.standard`; nothing else changes.
public protocol Transition: Sendable {
    /// The timing curve used when the user does not choose one.
    var defaultTiming: TimingCurve { get }

    /// The scene at progress `e` (0 shows exactly `from`, 1 exactly `to`). Both images have the
    /// frame's size; `background` shows wherever no panel covers the frame.
    func scene(from: Image, to: Image, progress e: Double, background: Color) -> Scene
}

/// The options a user may give any transition; each transition reads those that apply to it
/// and rejects values it cannot honour. Nil means "the transition's default".
public struct TransitionOptions: Sendable, Equatable {
    public var direction: Direction?
    /// Eye distance D in pixels; negative is reverse perspective.
    public var perspective: Double?
    /// The flip's camera pull-back: card scale at mid-turn.
    public var pullback: Double?
    /// Multiplies every shading opacity; 0 turns shading off.
    public var shadow: Double

    public init(direction: Direction? = nil, perspective: Double? = nil, pullback: Double? = nil, shadow: Double = 1) {
        self.direction = direction
        self.perspective = perspective
        self.pullback = pullback
        self.shadow = shadow
    }
}

/// Which way a transition moves, as the viewer sees it.
public enum Direction: String, Sendable, CaseIterable {
    case left, right, up, down

    /// True for left and right: the motion turns about a vertical axis.
    public var isHorizontal: Bool { self == .left || self == .right }
}
