import Testing
@testable import FlipTransCore

struct ProjectionTests {
    @Test func pointTowardTheViewerMovesAwayFromTheVanishingPoint() {
        let perspective = Perspective(eyeDistance: 1000, vanishingPoint: Point(100, 50))
        // X = 100 + (200 − 100)·1000/(1000 − 500) = 300; Y = 50 + (80 − 50)·2 = 110.
        #expect(perspective.project(Vector3(200, 80, 500)) == Point(300, 110))
        // Behind the frame plane a point moves toward the vanishing point: factor 1000/1500.
        let behind = perspective.project(Vector3(250, 50, -500))
        #expect(abs(behind.x - 200) < 1e-12)
    }

    @Test func reversePerspectiveShrinksWhatComesForward() {
        let reverse = Perspective(eyeDistance: -1000, vanishingPoint: Point(0, 0))
        // X = 100·(−1000)/(−1000 − 500) = 66.67: lifted toward the viewer, yet smaller.
        #expect(abs(reverse.project(Vector3(100, 0, 500)).x - 200.0 / 3) < 1e-12)
    }

    @Test func rotationYFollowsCSS() {
        // rotateY(−90°) brings the right edge (+x) toward the viewer (+z).
        let p = Transform3D.rotationY(degrees: -90).apply(Vector3(1, 0, 0))
        #expect(p == Vector3(0, 0, 1))
        // rotateY(30°): x′ = cos 30°, z′ = −sin 30°.
        let q = Transform3D.rotationY(degrees: 30).apply(Vector3(1, 0, 0))
        #expect(abs(q.x - 0.8660254037844386) < 1e-12 && abs(q.z + 0.5) < 1e-12)
    }

    @Test func rotationXFollowsCSS() {
        // rotateX(90°): y′ = y·cos − z·sin = 0, z′ = y·sin + z·cos = 1: the bottom edge comes forward.
        #expect(Transform3D.rotationX(degrees: 90).apply(Vector3(0, 1, 0)) == Vector3(0, 0, 1))
        let q = Transform3D.rotationX(degrees: 60).apply(Vector3(0, 2, 0))
        #expect(abs(q.y - 1) < 1e-12 && abs(q.z - 3.0.squareRoot()) < 1e-12)
    }

    @Test func rotationZFollowsCSS() {
        // rotateZ(90°): x′ = x·cos − y·sin = 0, y′ = x·sin + y·cos = 1: right turns to down, clockwise.
        #expect(Transform3D.rotationZ(degrees: 90).apply(Vector3(1, 0, 0)) == Vector3(0, 1, 0))
        let q = Transform3D.rotationZ(degrees: 30).apply(Vector3(0, 2, 5))
        #expect(abs(q.x + 1) < 1e-12 && abs(q.y - 3.0.squareRoot()) < 1e-12 && q.z == 5)
    }

    @Test func thenAppliesTheReceiverFirst() {
        // Scale x by 2, then turn 90° about y: (1,0,0) → (2,0,0) → (0,0,−2).
        let scaledThenTurned = Transform3D.scale(2, 1).then(.rotationY(degrees: 90)).apply(Vector3(1, 0, 0))
        #expect(scaledThenTurned == Vector3(0, 0, -2))
        // The other order turns first, and the scale no longer touches the rotated point.
        let turnedThenScaled = Transform3D.rotationY(degrees: 90).then(.scale(2, 1)).apply(Vector3(1, 0, 0))
        #expect(turnedThenScaled == Vector3(0, 0, -1))
    }

    @Test func aboutKeepsThePivotFixed() {
        let turn = Transform3D.rotationY(degrees: 90).about(Vector3(50, 0, 0))
        #expect(turn.apply(Vector3(50, 7, 0)) == Vector3(50, 7, 0))
        #expect(turn.apply(Vector3(60, 0, 0)) == Vector3(50, 0, -10))
    }

    @Test func homographyAgreesWithProjectingTheTransformedPoint() {
        let image = Image(width: 40, height: 30)
        let transform = Transform3D.scale(0.9, 0.9).then(.rotationY(degrees: -35)).about(Vector3(20, 15, 0))
        let panel = Panel(image: image, transform: transform,
                          perspective: Perspective(eyeDistance: 120, vanishingPoint: Point(20, 15)))
        let homography = Homography(panel: panel)
        for (u, v) in [(0.0, 0.0), (40, 0), (13.5, 27.25)] {
            let expected = panel.perspective.project(transform.apply(Vector3(u, v, 0)))
            let actual = homography.apply(u, v)
            #expect(abs(actual.x - expected.x) < 1e-9 && abs(actual.y - expected.y) < 1e-9)
            let back = homography.inverse!.apply(actual.x, actual.y)
            #expect(abs(back.x - u) < 1e-9 && abs(back.y - v) < 1e-9)
        }
    }
}
