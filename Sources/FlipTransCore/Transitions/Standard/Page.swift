import Glibc

/// The book page turn (docs/transitions/page.md), after MPFlipTransition.
///
/// Each image is cut at the spine into two pages. Stage 1 (e < ½): A's turning page (the
/// "front") lifts off B's page beneath it (the "reveal") and stands up on the spine. Stage 2:
/// B's other page (the "back", the far side of the same sheet) comes down over A's page that
/// stayed put (the "facing"). The sheet is edge-on, so invisible, exactly at e = ½.
public struct Page: Transition {
    public static let name = "page"
    /// `reverse`, a flag for reverse perspective.
    public static let parameters = [
        TransitionParameter.flag("reverse", help: "Reverse perspective: the page turns away from the viewer (to play a turn backwards, swap A and B and turn the other way)."),
    ]

    /// The way the page turns: left (default) turns the right page over to the left, like
    /// reading forward; right mirrors it; up turns the bottom page up; down the top page down.
    public let direction: Direction
    /// Eye distance in pixels; nil for `eyeDistanceFactor` × the page width.
    public let eyeDistance: Double?
    /// Reverse perspective (D → −D): the lifted page shrinks, as if it turned away.
    public let reversePerspective: Bool
    /// Multiplies every shadow's opacity; 0 turns shading off.
    public let shadow: Double

    /// Eye distance as a multiple of the page width (MPFlipTransition: 4–5 page widths look right).
    static let eyeDistanceFactor = 4.667
    /// Darkest shadow a turning page casts on the flat page it covers.
    static let castShadowOpacity = 1.0 / 3
    /// Darkest crease on the turning page.
    static let creaseOpacity = 0.1
    /// The crease gradient across the turning page, from the spine (0) to its free edge (1):
    /// darkest just off the spine, gone by the middle of the page.
    static let creaseStops: [(position: Double, alpha: Double)] = [(0, 0.5), (0.05, 1), (0.5, 0)]

    /// A page turning `direction`, in reverse perspective with `reverse`, seen from `perspective`
    /// pixels (nil: 4.667 × the page width), shading `shadow` times the default. Throws a
    /// `ParameterError` for a perspective not above 0 or a shadow outside 0 … 4.
    public init(direction: Direction = .left, reverse: Bool = false, perspective: Double? = nil, shadow: Double = 1) throws {
        self.direction = direction
        reversePerspective = reverse
        eyeDistance = try perspective.map(SharedParameters.perspective.check)
        self.shadow = try SharedParameters.shadow.check(shadow)
    }

    /// Reads the direction (default `left`), `reverse`, perspective and shadow.
    public init(settings: TransitionSettings) throws {
        try self.init(direction: settings.direction ?? .left, reverse: try settings.parameters.flag("reverse"),
                      perspective: settings.perspective, shadow: settings.shadow)
    }

    /// `ease-in-out`.
    public var defaultTiming: any Timing { TimingCurve.easeInOut }

    /// A finger drags it the way it turns.
    public var dragDirection: Direction { direction }

    public func scene(of images: [Image], progress: Double, background: Color) -> Scene {
        freshScene(of: images, progress: progress, background: background)
    }

    public func scene(of images: [Image], progress: Double, background: Color, into scene: inout Scene) {
        let (a, b) = (images[0], images[1])
        // A timing curve may overshoot [0, 1]; the page only turns from flat on one side to flat
        // on the other.
        let e = min(max(progress, 0), 1)
        let pageAngle = 180 * e
        let spread = Spread(size: a.size, direction: direction)
        let perspective = Perspective(eyeDistance: signedEyeDistance(pageWidth: spread.pageWidth),
                                      vanishingPoint: Point(spread.spine.x, spread.spine.y))

        func page(_ image: Image, _ region: PixelRect, _ transform: Transform3D = .identity,
                  shading: Shading = .none) -> Panel {
            Panel(image: image, region: region, transform: transform, perspective: perspective, shading: shading)
        }
        // The turning page hides what it lifts off or comes down on, so a transparent part of it
        // never lets the page under it show through; a page lying flat under it, hidden, is left
        // out. The first and last frames are copies of A and B.
        scene.restart(size: a.size, background: background)
        if e < 0.5 {
            let reveal = page(b, spread.turning, shading: castShadow(cosine(pageAngle)))
            let facing = page(a, spread.staying)
            var front = page(a, spread.turning, spread.lift(spread.turning, by: pageAngle),
                             shading: crease(on: spread.turning, of: spread, fraction: 2 * e))
            front.hidesWhatLiesUnder = true
            if e > 0 { scene.panels.append(reveal) }
            scene.panels.append(facing)
            scene.panels.append(front)
            return
        }
        let facing = page(a, spread.staying, shading: castShadow(cosine(180 - pageAngle)))
        let reveal = page(b, spread.turning)
        var back = page(b, spread.staying, spread.lift(spread.staying, by: 180 - pageAngle),
                        shading: crease(on: spread.staying, of: spread, fraction: 2 - 2 * e))
        back.hidesWhatLiesUnder = true
        if e < 1 { scene.panels.append(facing) }
        scene.panels.append(reveal)
        scene.panels.append(back)
    }

    /// D, or −D under reverse perspective.
    private func signedEyeDistance(pageWidth: Double) -> Double {
        let distance = eyeDistance ?? Page.eyeDistanceFactor * pageWidth
        return reversePerspective ? -distance : distance
    }

    /// The solid shadow the turning page casts on the flat page under it, `fraction` of the
    /// darkest. Dropped under reverse perspective, where no page hangs over another.
    private func castShadow(_ fraction: Double) -> Shading {
        reversePerspective ? .none : Shading(opacity: shadow * Page.castShadowOpacity * fraction)
    }

    /// The crease along the spine of a turning page, `fraction` of the darkest.
    private func crease(on region: PixelRect, of spread: Spread, fraction: Double) -> Shading {
        let opacity = shadow * Page.creaseOpacity * fraction
        // A gradient, even an invisible one, makes the renderer resample: a flat page must stay a copy.
        guard opacity > 0 else { return .none }
        let gradient = Shading.Gradient(from: Point(spread.spine.x, spread.spine.y), to: spread.freeEdge(of: region),
                                        stops: Page.creaseStops)
        return Shading(opacity: opacity, gradient: gradient)
    }

    private func cosine(_ degrees: Double) -> Double { cos(degrees * .pi / 180) }
}

/// The two pages of a frame and the spine between them, for one direction of turning.
private struct Spread {
    let isHorizontal: Bool
    /// The half that turns in stage 1 (front in A, reveal in B).
    let turning: PixelRect
    /// The half that turns in stage 2 (facing in A, back in B).
    let staying: PixelRect
    /// The middle of the spine: the turning axis passes through it, and it is the vanishing
    /// point, so a page standing upright is seen exactly edge-on.
    let spine: Vector3
    /// The pages' width across the spine: half the frame.
    let pageWidth: Double

    init(size: PixelSize, direction: Direction) {
        isHorizontal = direction.isHorizontal
        let halves = Split.halves(of: size, orientation: isHorizontal ? .horizontal : .vertical)
        // left and up turn the right or bottom half over; right and down the left or top half.
        (turning, staying) = direction == .left || direction == .up ? (halves.second, halves.first)
                                                                     : (halves.first, halves.second)
        spine = isHorizontal ? Vector3(Double(halves.second.x), Double(size.height) / 2, 0)
                             : Vector3(Double(size.width) / 2, Double(halves.second.y), 0)
        pageWidth = Double(isHorizontal ? size.width : size.height) / 2
    }

    /// Turns `page` about the spine by `angle` degrees (0 flat, 90 upright), its free edge
    /// toward the viewer. docs/geometry.md: rotateY(θ) sends a point at x from the pivot to depth
    /// −x·sinθ, rotateX(θ) a point at y to depth y·sinθ; pick the sign that makes it positive.
    func lift(_ page: PixelRect, by angle: Double) -> Transform3D {
        let rotation = isHorizontal ? Transform3D.rotationY(degrees: liesBeyondSpine(page) ? -angle : angle)
                                    : Transform3D.rotationX(degrees: liesBeyondSpine(page) ? angle : -angle)
        return rotation.about(spine)
    }

    /// The middle of the page's edge opposite the spine.
    func freeEdge(of page: PixelRect) -> Point {
        if isHorizontal {
            return Point(Double(liesBeyondSpine(page) ? page.x + page.width : page.x), spine.y)
        }
        return Point(spine.x, Double(liesBeyondSpine(page) ? page.y + page.height : page.y))
    }

    /// True for the page right of (or below) the spine.
    private func liesBeyondSpine(_ page: PixelRect) -> Bool {
        Double(isHorizontal ? page.x : page.y) >= (isHorizontal ? spine.x : spine.y)
    }
}
