import Testing
@testable import FlipTransCore

struct FlipTests {
    let a = TestImages.noise(80, 60, seed: 1)
    let b = TestImages.noise(80, 60, seed: 2)

    func flip(_ direction: Direction = .left, pullback: Double = 0.85, shadow: Double = 1) throws -> Flip {
        try Flip(direction: direction, pullback: pullback, shadow: shadow)
    }

    @Test(arguments: Direction.allCases)
    func firstAndLastFramesAreTheInputsExactly(direction: Direction) throws {
        let clip = try TransitionClip(transition: try flip(direction), duration: 1, fps: 30)
        let renderer = Renderer()
        #expect(renderer.render(clip.scene(of: [a, b], at: 0, background: .black)) == a)
        #expect(renderer.render(clip.scene(of: [a, b], at: 1, background: .black)) == b)
    }

    @Test(arguments: Direction.allCases)
    func cardsSwapVisibilityAtMidTurn(direction: Direction) throws {
        let flip = try flip(direction)
        let before = flip.scene(of: [a, b], progress: 0.499, background: .black).panels
        let after = flip.scene(of: [a, b], progress: 0.501, background: .black).panels
        #expect(before[0].isFacingViewer && !before[1].isFacingViewer)
        #expect(!after[0].isFacingViewer && after[1].isFacingViewer)
    }

    @Test func plainFlipMatchesCSSPerspectiveRotateY() throws {
        // --timing linear --shadow 0 --pullback 1 at t = ¼: CSS perspective(D) rotateY(−45°) about the centre.
        let d = 2.65 * 80
        let flip = try Flip(direction: .left, pullback: 1, shadow: 0)
        let card = flip.scene(of: [a, b], progress: 0.25, background: .black).panels[0]
        let corners = try #require(card.projectedCorners)
        let c = 0.7071067811865476
        // Right edge: x′ = 40 + 40·cos45°, z = 40·sin45° toward the viewer; left edge the mirror.
        let rightScale = d / (d - 40 * c), leftScale = d / (d + 40 * c)
        let expected = [Point(40 - 40 * c * leftScale, 30 - 30 * leftScale), Point(40 + 40 * c * rightScale, 30 - 30 * rightScale),
                        Point(40 + 40 * c * rightScale, 30 + 30 * rightScale), Point(40 - 40 * c * leftScale, 30 + 30 * leftScale)]
        for (actual, wanted) in zip(corners, expected) {
            #expect(abs(actual.x - wanted.x) < 1e-9 && abs(actual.y - wanted.y) < 1e-9)
        }
    }

    @Test func directionsTurnTheRightWay() throws {
        func nearEdgeHeight(_ direction: Direction) throws -> (Double, Double) {
            let card = try flip(direction).scene(of: [a, b], progress: 0.25, background: .black).panels[0]
            let p = try #require(card.projectedCorners)
            return direction.isHorizontal ? (p[2].y - p[1].y, p[3].y - p[0].y) : (p[1].x - p[0].x, p[2].x - p[3].x)
        }
        // left: the right edge comes toward the viewer, so it looks taller than the left edge.
        let left = try nearEdgeHeight(.left), right = try nearEdgeHeight(.right)
        #expect(left.0 > left.1 && right.0 < right.1)
        // up: rotateX(+θ) brings the bottom edge forward; down brings the top edge forward.
        let up = try nearEdgeHeight(.up), down = try nearEdgeHeight(.down)
        #expect(up.1 > up.0 && down.0 > down.1)
    }

    @Test func pullbackShrinksTheCardAtMidTurn() throws {
        // At mid-turn the card is edge-on and scaled by k = 0.5: its left edge, 20 px from the
        // pivot, sits 20 px behind the frame, 60·k px tall before projection by D/(D + 20).
        let card = try flip(.left, pullback: 0.5).scene(of: [a, b], progress: 0.5, background: .black).panels[0]
        let p = try #require(card.projectedCorners)
        let d = 2.65 * 80
        #expect(abs((p[3].y - p[0].y) - 30 * d / (d + 20)) < 1e-9)
    }

    @Test func shadingDarkensTheTurningFace() throws {
        let white = TestImages.solid(80, 60, .white)
        let frame = Renderer().render(try flip().scene(of: [white, white], progress: 0.25, background: .black))
        // Front overlay 0.8·min(1, 2e) = 0.4 at e = ¼: 255·0.6 = 153 at the card's centre.
        #expect(abs(Int(frame.pixel(x: 40, y: 30).r) - 153) <= 2)
        let unshaded = Renderer().render(try flip(shadow: 0).scene(of: [white, white], progress: 0.25, background: .black))
        #expect(unshaded.pixel(x: 40, y: 30).r == 255)
    }

    @Test(arguments: [0.0, 5.0, -1.0])
    func unreasonablePullbackIsRejected(pullback: Double) {
        #expect(throws: ParameterError(parameter: "pullback", value: "\(Int(pullback))", expected: "more than 0 and at most 4")) {
            try flip(pullback: pullback)
        }
    }
}
