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
    /// Eye distance D in pixels.
    public var perspective: Double?
    /// The flip's camera pull-back: card scale at mid-turn.
    public var pullback: Double?
    /// Multiplies every shading opacity; 0 turns shading off.
    public var shadow: Double
    /// Reverse perspective (D → −D): what lifts toward the viewer shrinks (the page transition).
    public var reverse: Bool
    /// The fold transition's mode.
    public var foldStyle: FoldStyle?
    /// Play the fold transition's time-reverse: B unfolds out of the centre line.
    public var unfold: Bool
    /// Which way the fold line runs.
    public var orientation: Orientation?

    public init(direction: Direction? = nil, perspective: Double? = nil, pullback: Double? = nil, shadow: Double = 1,
                reverse: Bool = false, foldStyle: FoldStyle? = nil, unfold: Bool = false, orientation: Orientation? = nil) {
        self.direction = direction
        self.perspective = perspective
        self.pullback = pullback
        self.shadow = shadow
        self.reverse = reverse
        self.foldStyle = foldStyle
        self.unfold = unfold
        self.orientation = orientation
    }
}

/// Which way a transition moves, as the viewer sees it.
public enum Direction: String, Sendable, CaseIterable {
    case left, right, up, down

    /// True for left and right: the motion turns about a vertical axis.
    public var isHorizontal: Bool { self == .left || self == .right }
}

/// The fold transition's two looks (seed 001, MPFoldTransition).
public enum FoldStyle: String, Sendable, CaseIterable {
    /// B's halves slide in flat from the frame's edges.
    case normal
    /// B's halves turn in at right angles to A's, like the faces of a turning block.
    case cubic
}

/// How a transition that splits the frame in two halves cuts it.
public enum Orientation: String, Sendable, CaseIterable {
    /// Top and bottom halves; the fold line is horizontal.
    case vertical
    /// Left and right halves; the fold line is vertical.
    case horizontal
}
