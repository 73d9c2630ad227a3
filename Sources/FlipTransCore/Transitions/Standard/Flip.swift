/// The card flip (docs/transitions/flip.md): A is the front of a card and B its
/// back; the card turns 180° about the frame centre, pulling the camera back at mid-turn.
///
/// Two single-sided cards model the two faces: the front turns from 0 to ±180°, the back from
/// ∓180° to 0, turning the same way, and whichever faces the viewer is the one seen.
public struct Flip: Transition {
    public static let name = "flip"
    /// `pullback`, the card's scale at mid-turn.
    public static let parameters = [pullbackParameter]
    static let pullbackParameter = TransitionParameter.number(
        "pullback", .above(0, upTo: 4), default: defaultPullback,
        help: "Card scale at mid-turn, the camera pulling back (1 = none).", valueName: "k")
    /// The card's scale at mid-turn when none is given (UIKit's hand-built flip: 1 → 0.85 → 1).
    public static let defaultPullback = 0.85

    /// The way the card turns: `left` and `right` about a vertical axis, `up` and `down` about a
    /// horizontal one, the edge that comes toward the viewer sweeping that way (`left`: the
    /// right edge, sweeping to the left).
    public let direction: Direction
    /// Eye distance in pixels; nil for `eyeDistanceFactor` × the frame across the turning axis.
    public let eyeDistance: Double?
    /// Card scale at mid-turn (the camera dolly); 1 disables it.
    public let pullback: Double
    /// Multiplies the darkening of the face turning away; 0 turns it off.
    public let shadow: Double

    /// Maximum opacity of the black overlay on the face turning away.
    static let shadowOpacity = 0.8
    /// Eye distance as a multiple of the frame dimension across the turning axis (m34 = −1/850
    /// for a 320-pixel card, as in the UIKit card flip this look comes from).
    static let eyeDistanceFactor = 2.65

    /// A flip turning `direction`, scaled to `pullback` (above 0, up to 4) at mid-turn, seen from
    /// `perspective` pixels (nil: 2.65 × the frame across the turning axis), shading `shadow` times
    /// the default. Throws a `ParameterError` for a pullback, perspective or shadow out of its
    /// range (the shadow's is 0 … 4).
    public init(direction: Direction = .left, pullback: Double = Flip.defaultPullback, perspective: Double? = nil,
                shadow: Double = 1) throws {
        self.direction = direction
        self.pullback = try Flip.pullbackParameter.check(pullback)
        eyeDistance = try perspective.map(SharedParameters.perspective.check)
        self.shadow = try SharedParameters.shadow.check(shadow)
    }

    /// Reads the direction (default `left`), `pullback` (default 0.85), perspective and shadow.
    public init(settings: TransitionSettings) throws {
        try self.init(direction: settings.direction ?? .left, pullback: try settings.parameters.number("pullback") ?? Flip.defaultPullback,
                      perspective: settings.perspective, shadow: settings.shadow)
    }

    /// `ease-in-out`.
    public var defaultTiming: any Timing { TimingCurve.easeInOut }

    /// A finger drags it the way it turns.
    public var dragDirection: Direction { direction }

    public func scene(of images: [Image], progress e: Double, background: Color) -> Scene {
        freshScene(of: images, progress: e, background: background)
    }

    public func scene(of images: [Image], progress e: Double, background: Color, into scene: inout Scene) {
        let (a, b) = (images[0], images[1])
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
        scene.restart(size: size, background: background)
        scene.panels.append(card(a, angle: frontAngle, shade: min(1, 2 * e)))
        scene.panels.append(card(b, angle: backAngle, shade: min(1, 2 - 2 * e)))
    }

    /// left: rotateY 0 → −180° (the right edge comes toward the viewer); right: 0 → +180°;
    /// up: rotateX 0 → +180°; down: 0 → −180°.
    private var turnsLeftOrUp: Bool { direction == .left || direction == .down }
}
