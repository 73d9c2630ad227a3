/// CSS `linear(…)` (CSS Easing Functions Level 2): straight lines between control points, each an
/// output with an input given as a percentage or spread evenly, as docs/timing.md describes.
public struct LinearEasing: Timing, Equatable, CustomStringConvertible {
    /// The control points after the specification's canonicalisation: every input set, and none
    /// smaller than an input before it.
    public let points: [(input: Double, output: Double)]

    /// One `<linear-stop>`: an output and zero, one or two input percentages (as fractions).
    public struct Stop: Equatable, Sendable {
        /// The progress at this stop.
        public var output: Double
        /// Its time fractions (a CSS percentage over 100: 75% is 0.75), none, one or two. A stop
        /// without one is spread evenly between the stops around it that have one (the first stop
        /// is at 0, the last at 1 or later); two hold the output over that span.
        public var inputs: [Double]

        /// A stop at `output` with `inputs` as fractions (0.75 for CSS's 75%). `LinearEasing`
        /// refuses a stop with more than two.
        public init(output: Double, inputs: [Double] = []) {
            self.output = output
            self.inputs = inputs
        }
    }

    /// Nil for fewer than two stops, as CSS refuses them.
    public init?(stops: [Stop]) {
        guard stops.count >= 2, stops.allSatisfy({ $0.inputs.count <= 2 }) else { return nil }
        var inputs: [Double?] = []
        var outputs: [Double] = []
        var largestInput = -Double.infinity
        for (index, stop) in stops.enumerated() {
            if stop.inputs.isEmpty {
                outputs.append(stop.output)
                if index == 0 {
                    inputs.append(0)
                    largestInput = 0
                } else if index == stops.count - 1 {
                    inputs.append(max(1, largestInput))
                } else {
                    inputs.append(nil)
                }
                continue
            }
            // An input smaller than one before it is raised to it: time never runs backwards.
            for input in stop.inputs {
                let raised = max(input, largestInput)
                inputs.append(raised)
                outputs.append(stop.output)
                largestInput = raised
            }
        }
        // Runs without an input are spread evenly between the set inputs around them (the first
        // and last points always have one).
        var index = 0
        while index < inputs.count {
            guard inputs[index] == nil else { index += 1; continue }
            let before = index - 1
            var after = index
            while inputs[after] == nil { after += 1 }
            let (from, to) = (inputs[before]!, inputs[after]!)
            for missing in index..<after {
                inputs[missing] = from + (to - from) * Double(missing - before) / Double(after - before)
            }
            index = after
        }
        points = zip(inputs, outputs).map { ($0!, $1) }
    }

    public static func == (a: LinearEasing, b: LinearEasing) -> Bool {
        a.points.elementsEqual(b.points) { $0.input == $1.input && $0.output == $1.output }
    }

    /// The output at input `x`: on the line through the last point at or before x and the point
    /// after it; before the first point or past the last, the nearest two points' line goes on.
    public func output(at x: Double) -> Double {
        var a = points.lastIndex { $0.input <= x } ?? 0
        if a == points.count - 1 { a -= 1 }
        let (from, to) = (points[a], points[a + 1])
        if from.input == to.input { return to.output }
        return from.output + (x - from.input) / (to.input - from.input) * (to.output - from.output)
    }

    /// The output inside the transition; its first frame is A (0) and its last B (1) whatever
    /// the points say, as for every timing (docs/timing.md).
    public func progress(at t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        return output(at: t)
    }

    /// The canonical form, as CSS serialises it: `linear(0 0%, 0.25 75%, 1 100%)`.
    public var description: String {
        "linear(" + points.map { "\(NumberRange.format($0.output)) \(NumberRange.format($0.input * 100))%" }.joined(separator: ", ") + ")"
    }
}
