import ArgumentParser
import FlipTransCore
import FlipTransMedia

/// A finger driving the transition (docs/gestures.md): scripted samples or a recorded touch
/// trace, the physics after the lift, and whether the video shows the finger.
struct GestureArguments: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("A finger drives the transition: at T seconds it holds it at progress P, e.g. '0:0 0.6:0.4 1.2:0.4'; it lifts at the last sample. Replaces --duration.", valueName: "T:P …"))
    var gesture: String?

    @Option(help: ArgumentHelp("A recorded touch trace to drive the transition: CSV 't,x,y' or JSON lines {\"t\":…,\"x\":…,\"y\":…}, seconds and pixels. Replaces --duration.", valueName: "file"),
            completion: .file())
    var gestureFile: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(FingerPath.dragDistanceParameter.help, valueName: "pixels"), transform: DecimalArgument.read)
    var dragDistance: Double?

    @Flag(inversion: .prefixedNo, help: "Show the finger as a soft translucent disc, as a phone's \"show touches\" does.")
    var showTouches = false

    @Option(parsing: .unconditional, help: ArgumentHelp(Self.help(ReleasePhysics.maximumSpeedParameter), valueName: "speed"), transform: DecimalArgument.read)
    var releaseMaxSpeed: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(Self.help(ReleasePhysics.minimumSpeedParameter), valueName: "speed"), transform: DecimalArgument.read)
    var releaseMinSpeed: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(Self.help(ReleasePhysics.easingTimeParameter), valueName: "seconds"), transform: DecimalArgument.read)
    var releaseEasing: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(Self.help(ReleasePhysics.decisionSpeedParameter), valueName: "speed"), transform: DecimalArgument.read)
    var releaseThreshold: Double?

    /// A parameter's help with its default, for an option left unset unless given.
    private static func help(_ parameter: TransitionParameter) -> String {
        parameter.help + (parameter.defaultText.map { " Default \($0)." } ?? "")
    }

    /// The largest touch trace read: an hour of samples at 240 a second is about 20 MiB.
    static let largestTraceFile = 32 << 20

    /// True when a gesture drives the transition.
    var isGiven: Bool { gesture != nil || gestureFile != nil }

    /// The gesture the options describe, nil without one. Options that only a gesture uses are
    /// refused without one, rather than silently ignored.
    func make() throws -> Gesture? {
        guard isGiven else {
            if let unused = gestureOnlyOptions.first {
                throw OptionMisuse(option: String(unused.dropFirst(2))) { "is used only with \($0.option("gesture")) or \($0.option("gesture-file"))" }
            }
            return nil
        }
        let defaults = ReleasePhysics.standard
        // One speed given beyond the other's default takes it along: `--release-max-speed 0.5`
        // alone lowers the minimum too, rather than being refused for a minimum never given. Each
        // given one is checked first, so that its own error names it.
        let givenMaximum = try releaseMaxSpeed.map(ReleasePhysics.maximumSpeedParameter.check)
        let givenMinimum = try releaseMinSpeed.map(ReleasePhysics.minimumSpeedParameter.check)
        let minimum = givenMinimum ?? min(defaults.minimumSpeed, givenMaximum ?? .infinity)
        if givenMinimum == nil, case let .number(range) = ReleasePhysics.minimumSpeedParameter.kind, let givenMaximum, !range.contains(minimum) {
            throw ParameterError(parameter: ReleasePhysics.maximumSpeedParameter.name, value: NumberRange.format(givenMaximum),
                                 expected: "at least \(NumberRange.format(range.lower)) per second, the slowest --\(ReleasePhysics.minimumSpeedParameter.name)")
        }
        let physics = try ReleasePhysics(maximumSpeed: givenMaximum ?? max(defaults.maximumSpeed, givenMinimum ?? 0),
                                         minimumSpeed: minimum,
                                         easingTime: releaseEasing ?? defaults.easingTime,
                                         decisionSpeed: releaseThreshold ?? defaults.decisionSpeed)
        let input: Gesture.Input
        switch (gesture, gestureFile) {
        case let (script?, nil):
            input = .script(try GestureScript.parse(script))
        case let (nil, path?):
            input = .trace(try Self.trace(at: path))
        default:
            throw OptionMisuse(option: "gesture") { "and \($0.option("gesture-file")) both describe the finger; give one" }
        }
        return try Gesture(input, dragDistance: dragDistance, physics: physics, showsTouches: showTouches)
    }

    private var gestureOnlyOptions: [String] {
        zip([dragDistance != nil, showTouches, releaseMaxSpeed != nil, releaseMinSpeed != nil, releaseEasing != nil, releaseThreshold != nil],
            Self.gestureOnlyNames).filter(\.0).map { "--" + $0.1 }
    }

    /// True when an option only a gesture uses is given.
    var hasGestureOnlyOptions: Bool { !gestureOnlyOptions.isEmpty }

    /// The options only a gesture uses.
    private static let gestureOnlyNames = ["drag-distance", "show-touches", "release-max-speed", "release-min-speed", "release-easing",
                                           "release-threshold"]

    /// Whether `argument` (`--name`, `--no-name` or `--name=value`) is an option only a gesture uses.
    static func isGestureOnly(_ argument: String) -> Bool {
        guard argument.hasPrefix("--") else { return false }
        let name = ParameterArguments.split(argument.dropFirst(2)).name
        return gestureOnlyNames.contains(name.hasPrefix("no-") ? String(name.dropFirst(3)) : name)
    }

    /// `arguments` without the options only a gesture uses, each with its value (inline, or the
    /// next argument: all but the switch `--show-touches` take one).
    static func removingGestureOnlyOptions(_ arguments: [String]) -> [String] {
        var kept: [String] = [], index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument != "--" else { return kept + arguments[(index - 1)...] }
            guard isGestureOnly(argument) else {
                kept.append(argument)
                continue
            }
            let (name, value) = ParameterArguments.split(argument.dropFirst(2))
            if value == nil, !name.hasSuffix("show-touches") { index += 1 }
        }
        return kept
    }

    private static func trace(at path: String) throws -> TouchTrace {
        if let root = JobRoot.current, !root.contains(path) {
            throw CLIError(root.refusal(of: path))
        }
        let file = try TextFile(path, kind: "touch trace", largest: largestTraceFile)
        do {
            return try TouchTraceFile.trace(text: file.text)
        } catch let problem as TouchTraceFile.Problem {
            throw CLIError("\(path): \(problem)")
        }
    }
}
