/// Reads a timing function written as in CSS — a name, `cubic-bezier()`, `linear()`, `steps()` —
/// or as `spring()`; the same text on the command line, in specs and in job files.
public enum TimingFunction {
    /// The timing `text` describes; a malformed one is a `ParameterError` for the `timing` knob
    /// that shows the accepted form (of the function it starts with, else of them all).
    public static func parse(css text: String) throws -> any Timing {
        let trimmed = text.trimmingSpaces.lowercased()
        if let curve = TimingCurve(css: trimmed) { return curve }
        switch trimmed {
        case "step-start": return StepsEasing(steps: 1, position: .start)!
        case "step-end": return StepsEasing(steps: 1, position: .end)!
        default: break
        }
        let form = Form.allCases.first { trimmed.hasPrefix($0.rawValue + "(") }
        if let form, trimmed.hasSuffix(")") {
            let inside = trimmed.dropFirst(form.rawValue.count + 1).dropLast()
            let arguments = inside.split(separator: ",", omittingEmptySubsequences: false)
                .map { String($0).trimmingSpaces }
            if let timing = form.make(arguments) { return timing }
        }
        // A name written without its hyphens or with others (`easeinout`, `ease_in`), or slipped,
        // is told the name.
        func letters(_ name: String) -> String { String(name.filter(\.isLetter)) }
        let nearest = form == nil ? names.first { letters($0) == letters(trimmed) } ?? NameSuggestion.closest(to: trimmed, among: names) : nil
        throw ParameterError(parameter: "timing", value: "'\(text)'" + (nearest.map { " (did you mean '\($0)'?)" } ?? ""),
                             expected: form.map { $0.accepted } ?? "a timing function: " + accepted)
    }

    /// Every accepted form, for messages and help.
    public static var accepted: String {
        (names + Form.allCases.map(\.shortForm)).joined(separator: ", ")
    }

    /// The functions written as a name alone: CSS's curves and steps.
    public static var names: [String] {
        TimingCurve.named.map(\.name) + ["step-start", "step-end"]
    }

    /// The functions written with arguments.
    private enum Form: String, CaseIterable {
        case cubicBezier = "cubic-bezier", linear, steps, spring

        /// The form alone, for the list of them all.
        var shortForm: String {
            switch self {
            case .cubicBezier: "cubic-bezier(x1, y1, x2, y2)"
            case .linear: "linear(output [input%], …)"
            case .steps: "steps(n[, jump-start|jump-end|jump-none|jump-both|start|end])"
            case .spring: "spring(mass, stiffness, damping[, velocity])"
            }
        }

        /// The form with the values it accepts, for a malformed one of its kind.
        var accepted: String {
            switch self {
            case .cubicBezier:
                "cubic-bezier(x1, y1, x2, y2) with x1 and x2 in [0, 1] and y1 and y2 in "
                    + "[\(NumberRange.format(TimingCurve.controlYRange.lowerBound)), \(NumberRange.format(TimingCurve.controlYRange.upperBound))]"
            case .linear:
                "linear(output [input%] [input%], …) with at least two points, e.g. linear(0, 0.25 75%, 1)"
            case .steps:
                "steps(n[, " + StepsEasing.Position.allCases.map(\.rawValue).joined(separator: "|")
                    + "]) with a whole n from 1 (2 with jump-none) to \(StepsEasing.mostSteps)"
            case .spring:
                "spring(mass, stiffness, damping[, velocity]) with mass \(SpringTiming.massRange), "
                    + "stiffness \(SpringTiming.stiffnessRange), damping \(SpringTiming.dampingRange) and velocity "
                    + "\(SpringTiming.velocityRange), a spring that settles and strays at most "
                    + "\(NumberRange.format(SpringTiming.largestExcursion)) from 1"
            }
        }

        /// The timing for these arguments, or nil when they do not fit the form.
        func make(_ arguments: [String]) -> (any Timing)? {
            switch self {
            case .cubicBezier:
                // Names and cubic-bezier() are read by TimingCurve before any form is tried.
                return nil
            case .linear:
                let stops = arguments.map(Self.linearStop)
                guard let stops = stops as? [LinearEasing.Stop] else { return nil }
                return LinearEasing(stops: stops)
            case .steps:
                guard (1...2).contains(arguments.count), let count = Int(arguments[0]) else { return nil }
                let position = arguments.count == 2 ? StepsEasing.Position(rawValue: arguments[1]) : .end
                return position.flatMap { StepsEasing(steps: count, position: $0) }
            case .spring:
                let numbers = arguments.map { DecimalNumber.read($0) }
                guard (3...4).contains(numbers.count), let values = numbers as? [Double] else { return nil }
                return SpringTiming(mass: values[0], stiffness: values[1], damping: values[2],
                                    velocity: values.count == 4 ? values[3] : 0)
            }
        }

        /// One stop of linear(): a number and up to two percentages, the percentages together,
        /// in either order (`0.25 75%`, `75% 0.25`, `0.25 25% 75%`).
        private static func linearStop(_ text: String) -> LinearEasing.Stop? {
            let parts = text.split(whereSeparator: \.isWhitespace).map(String.init)
            let isPercentage = parts.map { $0.hasSuffix("%") }
            guard (1...3).contains(parts.count), isPercentage.filter({ !$0 }).count == 1,
                  isPercentage.first == false || isPercentage.last == false else { return nil }
            guard let output = parts.first(where: { !$0.hasSuffix("%") }).flatMap(Double.init), output.isFinite,
                  abs(output) <= TimingCurve.controlYRange.upperBound else { return nil }
            let inputs = parts.filter { $0.hasSuffix("%") }.map { DecimalNumber.read($0.dropLast()).map { $0 / 100 } }
            guard let fractions = inputs as? [Double], fractions.allSatisfy({ $0.isFinite && abs($0) <= 1e6 }) else { return nil }
            return LinearEasing.Stop(output: output, inputs: fractions)
        }
    }
}
