import Foundation
import FlipTransCore
import Testing

/// The clock against docs/transitions/clock.md: where the flap goes, when it changes faces, the
/// end frames, the shading, the perspective and its falling timing.
struct ClockTests {
    static let size = PixelSize(width: 64, height: 48)
    static let (a, b) = (patterned(size, seed: 1), patterned(size, seed: 2))

    func scene(_ clock: Clock, _ e: Double, _ a: Image = ClockTests.a, _ b: Image = ClockTests.b) -> Scene {
        clock.scene(of: [a, b], progress: e, background: .black)
    }

    // MARK: Geometry

    /// 64×48: halves of 24 rows, hinge y = 24, vanishing point (32, 24), D = 5 × 48 = 240. A flap
    /// tilted by 30° has its free edge at depth 24·sin 30° = 12, so w = 1 − 12/240 = 0.95, x
    /// spreads to 32 ± 32/0.95 and y = 24 ∓ 24·cos 30°/0.95; at 60°, depth 20.785, w = 0.913397,
    /// y = 24 ∓ 12/0.913397. Values worked out by hand from docs/geometry.md's projection.
    typealias Spread = (left: Double, right: Double, near: Double)
    static let tilted30: Spread = (-1.684210526, 65.684210526, 24 - 21.878536517)
    static let tilted60: Spread = (-3.034036566, 67.034036566, 24 - 13.137763712)

    /// A flap standing above the hinge: its free edge spread and raised; its hinge edge on y = 24.
    static func above(_ spread: Spread) -> [Point] {
        [Point(spread.left, spread.near), Point(spread.right, spread.near), Point(64, 24), Point(0, 24)]
    }

    /// The same flap mirrored below the hinge.
    static func below(_ spread: Spread) -> [Point] {
        [Point(0, 24), Point(64, 24), Point(spread.right, 48 - spread.near), Point(spread.left, 48 - spread.near)]
    }

    static let flapCases: [(Direction, Double, [Point])] = [
        // down: A's top half falls (tilt = 180°·e), then B's bottom half comes down (tilt = 180° − 180°·e).
        (.down, 1.0 / 6, above(tilted30)), (.down, 1.0 / 3, above(tilted60)),
        (.down, 2.0 / 3, below(tilted60)), (.down, 5.0 / 6, below(tilted30)),
        // up: A's bottom half rises, then B's top half comes up.
        (.up, 1.0 / 6, below(tilted30)), (.up, 1.0 / 3, below(tilted60)),
        (.up, 2.0 / 3, above(tilted60)), (.up, 5.0 / 6, above(tilted30)),
    ]

    @Test(arguments: flapCases)
    func flapCornersFollowTheProjection(direction: Direction, e: Double, expected: [Point]) throws {
        let flap = try #require(scene(try Clock(direction: direction), e).panels.last)
        let corners = try #require(flap.projectedCorners)
        #expect(zip(corners, expected).allSatisfy { abs($0.x - $1.x) < 1e-8 && abs($0.y - $1.y) < 1e-8 }, "\(corners)")
        #expect(flap.isFacingViewer)
    }

    /// 63×47: the top half gets the extra row (24 and 23), so the hinge is at y = 24, below the
    /// middle; D = 5 × 47 = 235. At 30° the top flap's free edge is at depth 12 (w = 0.948936),
    /// the bottom flap's at 11.5 (w = 0.951064).
    @Test func oddFramesHingeBelowTheExtraRow() throws {
        let size = PixelSize(width: 63, height: 47)
        let (a, b) = (patterned(size, seed: 3), patterned(size, seed: 4))
        let clock = try Clock()
        let falling = try #require(scene(clock, 1.0 / 6, a, b).panels.last?.projectedCorners)
        let landing = try #require(scene(clock, 5.0 / 6, a, b).panels.last?.projectedCorners)
        let expectedFalling = [Point(-1.695067265, 2.096935976), Point(64.695067265, 2.096935976), Point(63, 24), Point(0, 24)]
        let expectedLanding = [Point(0, 24), Point(63, 24), Point(64.620805369, 44.943477886), Point(-1.620805369, 44.943477886)]
        #expect(zip(falling, expectedFalling).allSatisfy { abs($0.x - $1.x) < 1e-8 && abs($0.y - $1.y) < 1e-8 }, "\(falling)")
        #expect(zip(landing, expectedLanding).allSatisfy { abs($0.x - $1.x) < 1e-8 && abs($0.y - $1.y) < 1e-8 }, "\(landing)")
    }

    /// The flap's free edge comes toward the viewer, in both halves of the turn.
    @Test(arguments: Clock.directions, [0.2, 0.4, 0.6, 0.8])
    func flapComesTowardTheViewer(direction: Direction, e: Double) throws {
        let flap = try #require(scene(try Clock(direction: direction), e).panels.last)
        let r = flap.region
        let middle = flap.transform.apply(Vector3(Double(r.x) + Double(r.width) / 2, Double(r.y) + Double(r.height) / 2, 0))
        #expect(middle.z > 3, "z = \(middle.z)")
    }

    // MARK: Faces and draw order

    /// Until edge-on the flap is A's turning half; from edge-on on it is B's other half. At
    /// exactly ½ it is edge-on and not drawn.
    @Test(arguments: Clock.directions)
    func flapChangesFaceAtEdgeOn(direction: Direction) throws {
        let clock = try Clock(direction: direction)
        let top = PixelRect(x: 0, y: 0, width: 64, height: 24), bottom = PixelRect(x: 0, y: 24, width: 64, height: 24)
        let (turning, landing) = direction == .down ? (top, bottom) : (bottom, top)
        let before = try #require(scene(clock, 0.499).panels.last)
        let after = try #require(scene(clock, 0.501).panels.last)
        let edgeOn = try #require(scene(clock, 0.5).panels.last)
        #expect(before.image == ClockTests.a && before.region == turning && before.isFacingViewer)
        #expect(after.image == ClockTests.b && after.region == landing && after.isFacingViewer)
        // Edge-on, its outline lies on the hinge.
        #expect(edgeOn.image == ClockTests.b && edgeOn.region == landing)
        #expect(try #require(edgeOn.projectedCorners).allSatisfy { abs($0.y - 24) < 1e-9 })
    }

    /// B's turning half, then A's landing half, flat; the flap last.
    @Test(arguments: Clock.directions, [0.25, 0.75])
    func drawOrderIsRevealedCoveredFlap(direction: Direction, e: Double) throws {
        let panels = scene(try Clock(direction: direction), e).panels
        let top = PixelRect(x: 0, y: 0, width: 64, height: 24), bottom = PixelRect(x: 0, y: 24, width: 64, height: 24)
        let (turning, landing) = direction == .down ? (top, bottom) : (bottom, top)
        #expect(panels.count == 3)
        #expect(panels[0].image == ClockTests.b && panels[0].region == turning && panels[0].transform == .identity)
        #expect(panels[1].image == ClockTests.a && panels[1].region == landing && panels[1].transform == .identity)
    }

    // MARK: End frames

    /// The flap hides the half it lifts off (B's, under A's flap) and the one it comes down on
    /// (A's, under B's) even where it is transparent, as it did lying flat: the half under it does
    /// not show through all at once the moment it moves.
    @Test(arguments: Clock.directions)
    func flapHidesTheHalfUnderIt(direction: Direction) throws {
        let clear = Image(width: Self.size.width, height: Self.size.height, filledWith: .transparent)
        let red = Image(width: Self.size.width, height: Self.size.height, filledWith: Color(red: 255, green: 0, blue: 0))
        let clock = try Clock(direction: direction)
        let halves = Split.halves(of: Self.size, orientation: .vertical)
        let (turning, landing) = direction == .down ? (halves.first, halves.second) : (halves.second, halves.first)
        // Turned by 9°, or 9° short of flat, the flap still covers the middle of its half.
        for (e, a, b, half) in [(0.05, clear, red, turning), (0.95, red, clear, landing)] {
            let frame = Renderer().render(clock.scene(of: [a, b], progress: e, background: .transparent))
            let (x, y) = (half.x + half.width / 2, half.y + half.height / 2)
            #expect(frame.pixel(x: x, y: y) == (0, 0, 0, 0), "e = \(e): (\(x), \(y))")
        }
    }

    @Test(arguments: Clock.directions)
    func firstFrameIsAAndLastFrameIsBExactly(direction: Direction) throws {
        // Translucent images on a transparent background: a hidden half must not show through.
        let (a, b) = (patterned(Self.size, seed: 5, translucent: true), patterned(Self.size, seed: 6, translucent: true))
        let clock = try Clock(direction: direction)
        let clip = try TransitionClip(transition: clock, duration: 1, fps: 30)
        #expect(Renderer().render(clip.scene(of: [a, b], at: 0, background: .transparent)) == a)
        #expect(Renderer().render(clip.scene(of: [a, b], at: 1, background: .transparent)) == b)
        for e in [0.0, 1.0] {
            let panels = scene(clock, e, a, b).panels
            #expect(panels.count == 2 && panels.allSatisfy { $0.transform == .identity && !$0.shading.isVisible }, "e = \(e)")
        }
    }

    /// While the flap falls, A's bottom half is untouched; while it lands, B's top half is.
    @Test(arguments: Clock.directions)
    func theHalfAwayFromTheFlapIsExact(direction: Direction) throws {
        let clock = try Clock(direction: direction)
        let top = PixelRect(x: 0, y: 0, width: 64, height: 24), bottom = PixelRect(x: 0, y: 24, width: 64, height: 24)
        let (turning, landing) = direction == .down ? (top, bottom) : (bottom, top)
        for e in [0.1, 0.3, 0.45] {
            #expect(bytes(of: render(clock, Self.a, Self.b, e), in: landing) == bytes(of: Self.a, in: landing), "e = \(e)")
        }
        for e in [0.55, 0.7, 0.9] {
            #expect(bytes(of: render(clock, Self.a, Self.b, e), in: turning) == bytes(of: Self.b, in: turning), "e = \(e)")
        }
    }

    // MARK: Shading

    /// The flap: (1/3)·sin(180°·e); B's revealed half: (1/3)·cos(180°·e) while the flap lifts; A's
    /// covered half: (1/3)·cos(180° − 180°·e) while it comes down; all times --shadow.
    @Test(arguments: [0.0, 1, 2], [0.15, 0.3, 0.7, 0.85])
    func shadingFollowsTheFlapsTilt(shadow: Double, e: Double) throws {
        let panels = scene(try Clock(shadow: shadow), e).panels
        let angle = 180 * e * .pi / 180
        let (revealed, covered, flap) = (panels[0].shading.opacity, panels[1].shading.opacity, panels[2].shading.opacity)
        #expect(abs(flap - shadow / 3 * sin(angle)) < 1e-12)
        #expect(abs(revealed - (e < 0.5 ? shadow / 3 * cos(angle) : 0)) < 1e-12)
        #expect(abs(covered - (e < 0.5 ? 0 : -shadow / 3 * cos(angle))) < 1e-12)
        #expect(panels.allSatisfy { $0.shading.gradient == nil })
    }

    /// Rendered: a white B's top half, above a black flap at 45°, is white darkened by
    /// (1/3)·cos 45° = 0.2357: 255 × (1 − 0.2357) = 194.9.
    @Test func revealedHalfLiesInTheFlapsShadow() throws {
        let white = Image(width: 64, height: 48, filledWith: .white)
        let black = Image(width: 64, height: 48, filledWith: .black)
        let frame = render(try Clock(), black, white, 0.25)
        #expect(frame.pixel(x: 32, y: 0) == (195, 195, 195, 255))
    }

    // MARK: Perspective and directions

    @Test func perspectiveIsOnTheHingeFiveHeightsAway() throws {
        let flap = try #require(scene(try Clock(), 0.3).panels.last)
        #expect(flap.perspective == Perspective(eyeDistance: 240, vanishingPoint: Point(32, 24)))
        let closer = try #require(scene(try Clock(perspective: 100), 0.3).panels.last)
        #expect(closer.perspective.eyeDistance == 100)
    }

    @Test(arguments: [Direction.left, .right])
    func sidewaysDirectionsAreRefused(direction: Direction) throws {
        let error = #expect(throws: ParameterError.self) { try Clock(direction: direction) }
        #expect(error?.description == "direction must be one of down, up for clock, got \(direction.rawValue)")
        #expect(throws: try #require(error)) { try Clock(settings: TransitionSettings(direction: direction)) }
    }

    /// `--transition cycle` keeps a direction the user gave where the clock can take it, and
    /// goes through the clock's own where it cannot.
    @Test func cycleKeepsOnlyDirectionsTheClockCanTake() throws {
        #expect(TransitionStyle.all(of: Clock.self).map(\.name) == ["clock-down", "clock-up"])
        #expect(TransitionStyle.all(of: Clock.self, keeping: TransitionSettings(direction: .left)).map(\.name) == ["clock-down", "clock-up"])
        let up = TransitionStyle.all(of: Clock.self, keeping: TransitionSettings(direction: .up))
        #expect(up.count == 1 && up[0].direction == nil)
        #expect(try (up[0].make(over: TransitionSettings(direction: .up)) as? Clock)?.direction == .up)
        // In a cycle of these four, the fourth transition is the clock's first; with --direction
        // left it still turns down, then up.
        let registry = TransitionRegistry([Flip.self, Page.self, Fold.self, Clock.self])
        let left = TransitionSettings(direction: .left)
        #expect(try (TransitionCycle.transition(3, base: left, registry: registry) as? Clock)?.direction == .down)
        #expect(try (TransitionCycle.transition(7, base: left, registry: registry) as? Clock)?.direction == .up)
        #expect(try (TransitionCycle.transition(4, base: left, registry: registry) as? Flip)?.direction == .left)
    }

    // MARK: Timing

    /// e = ½(t/0.8)² up to t = 0.8, then ½ + 1.25·s + 6.25·s² with s = t − 0.8.
    @Test(arguments: [(0.0, 0.0), (0.2, 0.03125), (0.4, 0.125), (0.6, 0.28125), (0.8, 0.5), (0.9, 0.6875), (0.95, 0.828125), (1.0, 1.0)])
    func fallingTimingValues(t: Double, e: Double) {
        #expect(abs(Clock.Fall().progress(at: t) - e) < 1e-12)
    }

    /// Monotonic, with no jump in speed at edge-on (C¹): 1.25 on both sides of t = 0.8.
    @Test func fallingTimingIsMonotonicAndSmooth() {
        let fall = Clock.Fall()
        let samples = (0...1000).map { fall.progress(at: Double($0) / 1000) }
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0 < $1 })
        let h = 1e-6
        let before = (fall.progress(at: 0.8) - fall.progress(at: 0.8 - h)) / h
        let after = (fall.progress(at: 0.8 + h) - fall.progress(at: 0.8)) / h
        #expect(abs(before - 1.25) < 1e-4 && abs(after - 1.25) < 1e-4)
        #expect(fall.progress(at: -1) == 0 && fall.progress(at: 2) == 1)
    }

    /// The clip uses the fall unless a timing is given; with `linear` the angle is 180°·t.
    @Test func timingIsTheFallUnlessReplaced() throws {
        let clock = try Clock()
        #expect(try TransitionClip(transition: clock, duration: 1, fps: 30).timing is Clock.Fall)
        let linear = try TransitionClip(transition: clock, timing: TimingCurve.linear, duration: 1, fps: 30)
        for t in [0.1, 0.3, 0.7] {
            let flap = try #require(linear.scene(of: [Self.a, Self.b], at: t, background: .black).panels.last)
            let tilt = min(180 * t, 180 - 180 * t)
            let above = flap.region.y == 0
            let expected = Transform3D.rotationX(degrees: above ? -tilt : tilt).about(Vector3(32, 24, 0))
            #expect(flap.transform == expected, "t = \(t)")
        }
    }
}
