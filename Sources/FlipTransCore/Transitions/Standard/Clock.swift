/// The split-flap clock (docs/transitions/clock.md), as the flip clocks built from Core Animation
/// layers do it.
///
/// Each image is cut at the centre line (the hinge) into two halves. A's top half is a flap that
/// falls toward the viewer; once it has passed edge-on, its back shows B's bottom half, which
/// comes down flat over A's bottom half. B's top half lies behind the flap from the start. `up`
/// mirrors it: A's bottom flap rises, with B's top half on its back.
public struct Clock: Transition {
    public static let name = "clock"
    /// down: the top flap falls, as on a station clock; up: the bottom flap rises.
    public static let directions: [Direction] = [.down, .up]

    /// `down`: the top flap falls, as on a station clock; `up`: the bottom flap rises.
    public let direction: Direction
    /// Eye distance in pixels; nil for `eyeDistanceFactor` × the frame height.
    public let eyeDistance: Double?
    /// Multiplies every shading opacity; 0 turns shading off.
    public let shadow: Double

    /// Eye distance as a multiple of the frame height: the Core Animation flip clock this look
    /// comes from sets m34 = −1/1000 on digits 200 pixels high.
    static let eyeDistanceFactor = 5.0
    /// The darkest shading: of the flap edge-on, and of a flat half the flap lies over.
    static let shadingOpacity = 1.0 / 3

    /// A clock turning `direction`, seen from `perspective` pixels (nil: 5 × the frame height),
    /// with shading `shadow` times the default. Throws a `ParameterError` for `left` or `right`, a
    /// perspective not above 0, or a shadow outside 0 … 4.
    public init(direction: Direction = .down, perspective: Double? = nil, shadow: Double = 1) throws {
        self.direction = try SharedParameters.check(direction, for: Clock.self)
        eyeDistance = try perspective.map(SharedParameters.perspective.check)
        self.shadow = try SharedParameters.shadow.check(shadow)
    }

    /// Reads the direction (default `down`), perspective and shadow; the clock has no parameters of
    /// its own.
    public init(settings: TransitionSettings) throws {
        try self.init(direction: settings.direction ?? .down, perspective: settings.perspective, shadow: settings.shadow)
    }

    /// The clock's own `Fall`: the flap falls like a weight let go.
    public var defaultTiming: any Timing { Fall() }

    /// A finger drags it the way it turns.
    public var dragDirection: Direction { direction }

    public func scene(of images: [Image], progress: Double, background: Color) -> Scene {
        freshScene(of: images, progress: progress, background: background)
    }

    public func scene(of images: [Image], progress: Double, background: Color, into scene: inout Scene) {
        let (a, b) = (images[0], images[1])
        // A curve that overshoots would swing the flap through the flat half below it.
        let e = min(max(progress, 0), 1)
        let halves = Split.halves(of: a.size, orientation: .vertical)
        // The half whose flap turns (A's, then B's on its back) and the half it comes down on.
        let (turning, landing) = direction == .down ? (halves.first, halves.second) : (halves.second, halves.first)
        // The middle of the hinge: pivot and vanishing point, so the flap is exactly edge-on at 90°.
        let hinge = Vector3(Double(a.width) / 2, Double(halves.second.y), 0)
        let perspective = Perspective(eyeDistance: eyeDistance ?? Clock.eyeDistanceFactor * Double(a.height),
                                      vanishingPoint: Point(hinge.x, hinge.y))
        let angle = 180 * e
        let (sine, cosine) = Transform3D.sinCos(angle)

        func half(_ image: Image, _ region: PixelRect, lifted tilt: Double = 0, shade: Double = 0) -> Panel {
            Panel(image: image, region: region, transform: lift(region, by: tilt, about: hinge), perspective: perspective,
                  shading: Shading(opacity: shadow * Clock.shadingOpacity * shade))
        }
        // Until edge-on the flap is A's turning half, lifted by the angle; then it is B's landing
        // half, lifted by what is left of the turn. Its shade follows sin(angle) either way. It
        // hides what it turns over, so a transparent part of it never lets a half show through.
        var flap = e < 0.5 ? half(a, turning, lifted: angle, shade: sine) : half(b, landing, lifted: 180 - angle, shade: sine)
        flap.hidesWhatLiesUnder = true
        // The flat halves lie in the flap's shadow while it hangs over them.
        let revealed = half(b, turning, shade: e < 0.5 ? cosine : 0)
        let covered = half(a, landing, shade: e < 0.5 ? 0 : -cosine)
        // A flat half under the flat flap is hidden by it, so left out: the first and last frames
        // are copies of A and B.
        scene.restart(size: a.size, background: background)
        if e > 0 { scene.panels.append(revealed) }
        if e < 1 { scene.panels.append(covered) }
        scene.panels.append(flap)
    }

    /// Turns `half` about the hinge by `tilt` degrees (0 flat, 90 edge-on), its free edge toward
    /// the viewer. docs/geometry.md: rotateX(θ) sends a point at y from the pivot to depth y·sin θ,
    /// so the half above the hinge turns by −tilt and the half below by +tilt.
    private func lift(_ half: PixelRect, by tilt: Double, about hinge: Vector3) -> Transform3D {
        guard tilt != 0 else { return .identity }
        let isAbove = Double(half.y) < hinge.y
        return Transform3D.rotationX(degrees: isAbove ? -tilt : tilt).about(hinge)
    }
}

extension Clock {
    /// The clock's own timing: the flap falls like a weight let go. From rest it accelerates
    /// evenly, reaching edge-on (e = ½) at t = 0.8; from there, with the speed it has, it
    /// accelerates harder and lands at t = 1 (docs/transitions/clock.md, "Timing"):
    ///
    ///     e = ½·(t/τ)²                      for t ≤ τ = 0.8
    ///     e = ½ + v·s + ½·a·s²,  s = t − τ   for t > τ, with v = 1/τ, a = (1 − 2(1 − τ)/τ)/(1 − τ)²
    ///
    /// v matches the first stage's speed at τ and a makes e(1) = 1 (1.25 and 12.5 for τ = 0.8), so
    /// e rises monotonically with a continuous speed.
    public struct Fall: Timing, Equatable {
        /// The time fraction at which the flap stands edge-on.
        static let edgeOnTime = 0.8

        /// The fall, which has nothing to set.
        public init() {}

        /// e = ½·(t/0.8)² up to t = 0.8, then the faster second stage, reaching exactly 1 at
        /// t = 1.
        public func progress(at t: Double) -> Double {
            if t <= 0 { return 0 }
            if t >= 1 { return 1 }
            let tau = Fall.edgeOnTime
            guard t > tau else { return 0.5 * (t / tau) * (t / tau) }
            let (speed, acceleration) = (1 / tau, (1 - 2 * (1 - tau) / tau) / ((1 - tau) * (1 - tau)))
            let s = t - tau
            return 0.5 + speed * s + 0.5 * acceleration * s * s
        }
    }
}
