import Testing
import FlipTransCore

struct TimingCurveTests {
    /// docs/timing.md: e(0.25), e(0.5), e(0.75) for each CSS curve.
    static let table: [(String, [Double])] = [
        ("linear", [0.25, 0.5, 0.75]),
        ("ease", [0.4085, 0.8024, 0.9605]),
        ("ease-in", [0.0935, 0.3154, 0.6219]),
        ("ease-out", [0.3781, 0.6846, 0.9065]),
        ("ease-in-out", [0.1292, 0.5, 0.8708]),
    ]

    @Test(arguments: table)
    func cssCurvesMatchTheTable(name: String, expected: [Double]) throws {
        let curve = try #require(TimingCurve(css: name))
        for (t, e) in zip([0.25, 0.5, 0.75], expected) {
            #expect(abs(curve.progress(at: t) - e) < 1e-4, "\(name) at \(t)")
        }
        #expect(curve.progress(at: 0) == 0 && curve.progress(at: 1) == 1)
    }

    @Test func cubicBezierIsParsedAsInCSS() throws {
        let curve = try #require(TimingCurve(css: "cubic-bezier(0.42, 0, 0.58, 1)"))
        #expect(curve == .easeInOut)
        #expect(TimingCurve(css: " Cubic-Bezier(0.25,0.1,0.25,1) ") == .ease)
    }

    @Test(arguments: ["cubic-bezier(2,0,1,1)", "cubic-bezier(0,0,-0.1,1)", "cubic-bezier(0,0,1)", "bounce", "cubic-bezier(a,0,1,1)", ""])
    func malformedCurvesAreRejected(text: String) {
        #expect(TimingCurve(css: text) == nil)
    }

    @Test func steepCurvesStillSolveAccurately() throws {
        // Overshooting y values are allowed; x must still be solved to 1e-6.
        let curve = try #require(TimingCurve(css: "cubic-bezier(0.9,-0.5,0.1,1.5)"))
        for t in stride(from: 0.01, to: 1, by: 0.07) {
            let e = curve.progress(at: t)
            #expect(e.isFinite && e > -0.5 && e < 1.5)
        }
        // Symmetric control points give e(½) = ½ exactly.
        #expect(abs(curve.progress(at: 0.5) - 0.5) < 1e-6)
    }

    @Test func mirroredCurvePlaysBackwards() {
        let easeIn = TimingCurve.easeIn, easeOut = TimingCurve.easeOut
        let mirrored = easeIn.mirrored
        #expect(abs(mirrored.x1 - easeOut.x1) < 1e-12 && abs(mirrored.x2 - easeOut.x2) < 1e-12)
        for t in [0.1, 0.3, 0.6, 0.9] {
            #expect(abs(easeOut.progress(at: t) - (1 - easeIn.progress(at: 1 - t))) < 1e-6)
        }
    }
}

struct TimingCurveBoundsTests {
    /// y1 and y2 beyond ±100 are refused; within, the motion may overshoot but stays finite.
    @Test func controlYIsBounded() {
        #expect(TimingCurve(x1: 0, y1: 1e300, x2: 1, y2: -1e300) == nil)
        #expect(TimingCurve(x1: 0, y1: 100, x2: 1, y2: -100) != nil)
        #expect(TimingCurve(x1: 0, y1: 100.5, x2: 1, y2: 0) == nil)
    }

    /// Any finite angle turns without trapping: whole turns are taken off first.
    @Test func anyFiniteAngleTurns() throws {
        let flip = try Flip()
        let image = TestImages.noise(16, 16)
        for e in [1e300, -1e300, 4e15, 1e20] {
            #expect(flip.scene(of: [image, image], progress: e, background: .black).panels.count == 2)
        }
    }
}
