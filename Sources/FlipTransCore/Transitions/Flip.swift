/// The card flip (DESIGN.md §5 "flip"; seeds 000 and 002): A is the front of a card and B its
/// back; the card turns 180° about the frame centre, pulling the camera back at mid-turn.
///
/// Two single-sided cards model the two faces: the front turns from 0 to ±180°, the back from
/// ∓180° to 0, turning the same way, and whichever faces the viewer is the one seen.
public struct Flip: Transition {
    public let direction: Direction
    /// Eye distance in pixels.
    public let eyeDistance: Double?
    /// Card scale at mid-turn (the camera dolly); 1 disables it.
    public let pullback: Double
    public let shadow: Double

    /// Maximum opacity of the black overlay on the face turning away (seed 000).
    static let shadowOpacity = 0.8
    /// Eye distance as a multiple of the frame dimension across the turning axis
    /// (seed 000: m34 = −1/850 for a 320-pixel card).
    static let eyeDistanceFactor = 2.65

    public init(options: TransitionOptions) throws {
        direction = options.direction ?? .left
        eyeDistance = options.perspective
        pullback = options.pullback ?? 0.85
        shadow = options.shadow
        guard pullback > 0, pullback <= 4 else {
            throw TransitionError.invalidOption("--pullback must be in (0, 4], got \(pullback)")
        }
    }

    public var defaultTiming: TimingCurve { .easeInOut }

    public func scene(from a: Image, to b: Image, progress e: Double, background: Color) -> Scene {
        let size = a.size
        let centre = Vector3(Double(size.width) / 2, Double(size.height) / 2, 0)
        let across = Double(direction.isHorizontal ? size.width : size.height)
        let perspective = Perspective(eyeDistance: eyeDistance ?? Flip.eyeDistanceFactor * across,
                                      vanishingPoint: Point(centre.x, centre.y))
        let scale = 1 - (1 - pullback) * (1 - abs(2 * e - 1))
        let turn = 180 * e
        let (frontAngle, backAngle) = turnsLeftOrUp ? (-turn, 180 - turn) : (turn, turn - 180)

        func card(_ image: Image, angle: Double, shade: Double) -> Panel {
            let rotation = direction.isHorizontal ? Transform3D.rotationY(degrees: angle)
                                                  : Transform3D.rotationX(degrees: angle)
            let transform = Transform3D.scale(scale, scale).then(rotation).about(centre)
            return Panel(image: image, transform: transform, perspective: perspective,
                         shading: Shading(opacity: shadow * Flip.shadowOpacity * shade))
        }
        return Scene(size: size, background: background, panels: [
            card(a, angle: frontAngle, shade: min(1, 2 * e)),
            card(b, angle: backAngle, shade: min(1, 2 - 2 * e)),
        ])
    }

    /// left: rotateY 0 → −180° (the right edge comes toward the viewer); right: 0 → +180°;
    /// up: rotateX 0 → +180°; down: 0 → −180°.
    private var turnsLeftOrUp: Bool { direction == .left || direction == .down }
}
