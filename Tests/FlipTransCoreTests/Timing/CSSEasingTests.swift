import Testing
import FlipTransCore

/// `linear()` and `steps()` against CSS Easing Functions Level 2: its own examples (the
/// serialisations and graphs it gives) and its algorithms' results worked out by hand.
struct CSSEasingTests {
    private func linear(_ text: String) throws -> LinearEasing {
        try #require(try TimingFunction.parse(css: text) as? LinearEasing)
    }

    private func steps(_ text: String) throws -> StepsEasing {
        try #require(try TimingFunction.parse(css: text) as? StepsEasing)
    }

    /// The specification's serialisation examples: inputs spread evenly, raised to the largest
    /// before them, and a stop of two percentages giving two points.
    static let serialisations: [(String, String)] = [
        ("linear(0, 0.25, 1)", "linear(0 0%, 0.25 50%, 1 100%)"),
        ("linear(0 20%, 0.5 10%, 1)", "linear(0 20%, 0.5 20%, 1 100%)"),
        ("linear(0, 0.25 25% 75%, 1)", "linear(0 0%, 0.25 25%, 0.25 75%, 1 100%)"),
    ]

    @Test(arguments: serialisations)
    func canonicalFormsAreTheSpecificationsSerialisations(text: String, serialised: String) throws {
        #expect(try linear(text).description == serialised)
    }

    /// "linear(0, 0.25, 1) moves linearly from 0, to 0.25, then to 1."
    @Test func evenlySpreadPoints() throws {
        let easing = try linear("linear(0, 0.25, 1)")
        for (x, y) in [(0.25, 0.125), (0.5, 0.25), (0.75, 0.625)] {
            #expect(abs(easing.output(at: x) - y) < 1e-12, "at \(x)")
        }
    }

    /// "linear(0, 0.25 75%, 1) spends 75% of the time transitioning from 0 to .25, then the last
    /// 25% transitioning from .25 to 1": its graph's points are (0, 0), (0.75, 0.25), (1, 1).
    @Test func aPercentageSetsTheInput() throws {
        let easing = try linear("linear(0, 0.25 75%, 1)")
        for (x, y) in [(0.375, 0.125), (0.75, 0.25), (0.875, 0.625), (1, 1)] {
            #expect(abs(easing.output(at: x) - y) < 1e-12, "at \(x)")
        }
    }

    /// linear(0, 0.25 25% 75%, 1) is linear(0, 0.25 25%, 0.25 75%, 1): flat between 25 % and
    /// 75 %; outside [0, 1] "the trajectory of the nearest two points is continued".
    @Test func twoPercentagesHoldTheOutputAndTheEndsExtrapolate() throws {
        let easing = try linear("linear(0, 0.25 25% 75%, 1)")
        #expect(easing == (try linear("linear(0, 0.25 25%, 0.25 75%, 1)")))
        for (x, y) in [(0.125, 0.125), (0.5, 0.25), (0.75, 0.25), (0.875, 0.625), (-0.5, -0.5), (1.5, 2.5)] {
            #expect(abs(easing.output(at: x) - y) < 1e-12, "at \(x)")
        }
    }

    /// The specification's bounce ends `1 100% 100%` "so inputs greater than 1 always output 1";
    /// where two points share an input, the later one's output counts.
    @Test func aRepeatedLastInputHoldsBeyondTheEnd() throws {
        let bounce = try linear("linear(0, 0.063, 0.25, 0.563, 1 36.4%, 0.812, 0.75, 0.813, 1 72.7%, 0.953, 0.938, 0.953, 1 90.9%, 0.984, 1 100% 100%)")
        #expect(bounce.output(at: 1.5) == 1)
        #expect(bounce.output(at: 0.364) == 1)
        let jump = try linear("linear(0, 0.2 50%, 0.8 50%, 1)")
        #expect(jump.output(at: 0.5) == 0.8)
    }

    /// Every timing keeps the first frame A and the last B; in between, linear() is as CSS says.
    @Test func theEndsArePinned() throws {
        let easing = try linear("linear(0.2, 0.8)")
        #expect(easing.progress(at: 0) == 0 && easing.progress(at: 1) == 1)
        #expect(abs(easing.progress(at: 0.5) - 0.5) < 1e-12)
    }

    /// The output of the specification's step algorithm (before flag unset), worked by hand:
    /// current step = ⌊x·n⌋ (+1 for jump-start and jump-both), clamped to [0, jumps] inside
    /// [0, 1], divided by the jumps (n, n − 1 for jump-none, n + 1 for jump-both).
    static let stepValues: [(String, [Double], [Double])] = [
        ("steps(4)", [0, 0.3, 0.99, 1], [0, 0.25, 0.75, 1]),
        ("steps(4, jump-end)", [0.3, 0.5], [0.25, 0.5]),
        ("steps(4, end)", [0.3], [0.25]),
        ("steps(4, jump-start)", [0, 0.3, 0.75, 1], [0.25, 0.5, 1, 1]),
        ("steps(4, start)", [0.3], [0.5]),
        ("steps(3, jump-none)", [0, 0.5, 0.7, 1], [0, 0.5, 1, 1]),
        ("steps(3, jump-both)", [0, 0.1, 0.5, 0.9, 1], [0.25, 0.25, 0.5, 0.75, 1]),
        ("step-start", [0, 0.5], [1, 1]),
        ("step-end", [0, 0.5, 1], [0, 0, 1]),
    ]

    @Test(arguments: stepValues)
    func stepsFollowTheSpecificationsAlgorithm(text: String, inputs: [Double], outputs: [Double]) throws {
        let easing = try steps(text)
        for (x, y) in zip(inputs, outputs) {
            #expect(easing.output(at: x) == y, "\(text) at \(x)")
        }
    }

    /// Outside [0, 1] the clamps no longer apply (the note to steps 4 and 6 of the algorithm).
    @Test func stepsBeyondTheEnds() throws {
        #expect(try steps("steps(4, jump-start)").output(at: 1.2) == 1.25)
        #expect(try steps("steps(4)").output(at: -0.1) == -0.25)
    }

    /// As CSS serialises them: `end` and `jump-end` are left out, other positions kept as written.
    @Test func stepsSerialiseAsCSSDoes() throws {
        #expect(try steps("steps(4, end)").description == "steps(4)")
        #expect(try steps("steps(4, jump-end)").description == "steps(4)")
        #expect(try steps("steps(4, start)").description == "steps(4, start)")
        #expect(try steps("Steps(2, Jump-Both)").description == "steps(2, jump-both)")
    }

    /// `jump-start` rises at 0 in CSS; the transition's first frame still shows A.
    @Test func stepsKeepTheFirstFrameOnA() throws {
        let easing = try steps("steps(4, jump-start)")
        #expect(easing.progress(at: 0) == 0)
        #expect(easing.progress(at: 0.01) == 0.25)
        #expect(easing.progress(at: 1) == 1)
    }

    /// Malformed functions are refused with the accepted form of the function they name.
    static let malformed: [(String, String)] = [
        ("linear(0)", "linear("), ("linear()", "linear("), ("linear(0 10% 20% 30%, 1)", "linear("),
        ("linear(10% 0 20%, 1)", "linear("), ("linear(a, 1)", "linear("), ("linear(0, 1", "linear("),
        ("steps(0)", "steps(n"), ("steps(1, jump-none)", "steps(n"), ("steps(2.5)", "steps(n"),
        ("steps(2, middle)", "steps(n"), ("steps(2, end, start)", "steps(n"),
        ("spring(1, 100)", "spring(mass"), ("spring(0, 100, 10)", "spring(mass"), ("spring(1, 100, 0)", "spring(mass"),
        ("cubic-bezier(2, 0, 1, 1)", "cubic-bezier(x1"), ("bounce", "a timing function: linear, ease"),
    ]

    @Test(arguments: malformed)
    func malformedFunctionsNameTheirForm(text: String, form: String) {
        let error = #expect(throws: ParameterError.self) { try TimingFunction.parse(css: text) }
        #expect(error?.parameter == "timing")
        #expect(error?.value == "'\(text)'")
        #expect(error?.expected.hasPrefix(form) == true, "\(error?.expected ?? "")")
    }
}
