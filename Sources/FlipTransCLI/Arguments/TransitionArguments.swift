import ArgumentParser
import FlipTransCore

/// Which transition to play, for how long, and how it looks: the options every command that
/// renders a transition shares, in their sections of the help. A transition's own options
/// (`--pullback`, `--reverse`, `--fold cubic`, …) come from the registry through
/// `ParameterArguments`.
struct TransitionArguments: ParsableArguments {
    @OptionGroup(title: "Transition") var look: TransitionLookArguments
    @OptionGroup(title: "Timing") var time: TimingArguments
    @OptionGroup(title: "Board of tiles") var board: BoardArguments
    @OptionGroup(title: "Gesture") var finger: GestureArguments

    /// The frame rate `--fps` gives; a number out of range is refused as the parameter words it.
    func frameRate() throws -> FrameRate {
        let fps = time.fps
        if let number = Double(fps.text), !(number > 0 && number <= 240) {
            _ = try TimelineParameters.fps.check(number)
        }
        guard let rate = FrameRate.parse(fps.text) else {
            throw ParameterError(parameter: TimelineParameters.fps.name, value: "'\(fps)'",
                                 expected: "a frame rate: a whole number, a fraction such as 30000/1001, or 29.97, 23.976, 59.94", isUnreadable: true)
        }
        try TimelineParameters.check(rate)
        return rate
    }

    /// The transition name after the shorthands, refusing ones that contradict each other.
    func transitionName() throws -> String {
        // Beside `cycle`, `--fold cubic` gives the fold's style, not the fold itself.
        let shorthands = look.transition != TransitionCycle.name ? look.shorthands : look.shorthands.filter { shorthand in
            !look.parameterValues.contains { ParameterArguments.split(Substring($0)).name == shorthand }
        }
        let named = (look.transition.map { [$0] } ?? []) + shorthands
        let distinct = Set(named)
        guard distinct.count <= 1 else {
            throw CLIError("conflicting transitions: \(named.map { "'\($0)'" }.joined(separator: " and ")); choose one")
        }
        return distinct.first ?? Flip.name
    }

    /// The clip of the one transition the options name, refusing an option it does not take
    /// (`--page --pullback 0.5` would otherwise be ignored without a word).
    func makeClip() throws -> TransitionClip {
        let name = try transitionName()
        guard name != TransitionCycle.name else {
            throw CLIError("--transition cycle takes turns between slides, so it is for slideshows only; name one transition: \(TransitionRegistry.standard.names.joined(separator: ", "))")
        }
        let type = try TransitionRegistry.standard.type(named: name)
        try checkOptions(apply: type)
        return try clip(try TransitionRegistry.standard.make(name, settings: try settings()))
    }

    /// The clip for the `index`-th transition of a slideshow: `--transition cycle` turns a new
    /// way each time. A show's options serve the slides whose transitions take them, so those
    /// a transition does not take are left alone.
    func makeClip(forTransition index: Int) throws -> TransitionClip {
        let name = try transitionName()
        guard name == TransitionCycle.name else { return try clip(try TransitionRegistry.standard.make(name, settings: try settings())) }
        return try clip(try TransitionCycle.transition(index, base: try settings()))
    }

    /// For a slideshow whose every slide turns one way (no `cycle`, no spec), what `makeClip()`
    /// refuses.
    func checkOptionsApplyToEverySlide() throws {
        let name = try transitionName()
        guard name != TransitionCycle.name else { return }
        try checkOptions(apply: try TransitionRegistry.standard.type(named: name))
    }

    /// Refuses a transition's own option given for another transition, and a direction for one
    /// that has none.
    private func checkOptions(apply type: any Transition.Type) throws {
        let registry = TransitionRegistry.standard
        for assignment in look.parameterValues {
            let name = ParameterArguments.split(Substring(assignment)).name
            guard !type.parameters.contains(where: { $0.name == name }) else { continue }
            let takers = registry.types.filter { $0.parameters.contains { $0.name == name } }.map { $0.name }
            // An option no transition has is left for `ParameterArguments.values` to name.
            guard !takers.isEmpty else { continue }
            throw OptionMisuse(option: name) { wording in
                "is an option of \(takers.joined(separator: " and ")), not of \(type.name); leave it out or choose \(wording.setting("transition", takers.first ?? type.name))"
            }
        }
        if look.direction != nil, type.directions.isEmpty {
            throw OptionMisuse(option: "direction") { _ in "does not apply to \(type.name), which has no direction; leave it out" }
        }
    }

    private func clip(_ transition: any Transition) throws -> TransitionClip {
        let timing = try time.timing.map(TimingFunction.parse)
        let fps = try frameRate()
        let tiling = try Tiling.parse(tiles: board.tiles, stagger: board.stagger, order: board.staggerOrder, seed: board.staggerSeed)
        if let gesture = try finger.make() {
            return try TransitionClip(transition: transition, timing: timing, tiling: tiling, gesture: gesture, fps: fps)
        }
        do {
            return try TransitionClip(transition: transition, timing: timing, tiling: tiling, duration: time.duration ?? 1, fps: fps)
        } catch let error as ParameterError where error.parameter == "duration" && time.duration == nil {
            // The user gave --fps, not --duration: the default second is what falls short.
            // round(duration × rate) ≥ 2 frames from 1.5 frames' time, rounded up to hundredths.
            let shortest = (150 / fps.perSecond).rounded(.up) / 100
            throw CLIError("at \(fps) fps the default --duration of 1 second is under the 2 frames a transition needs; give --duration \(NumberRange.format(shortest)) or more")
        }
    }

    /// Refuses --duration beside a gesture given in the same place (a spec's top level and a
    /// slide are different places: a top-level duration serves the slides without a gesture).
    func checkDurationAndGesture() throws {
        if time.duration != nil, finger.isGiven {
            let gesture = finger.gesture != nil ? "gesture" : "gesture-file"
            throw OptionMisuse(option: "duration") { wording in
                "is not used with \(wording.option(gesture)): the gesture sets the length (until the finger lifts, then until it settles)"
            }
        }
    }

    private func settings() throws -> TransitionSettings {
        TransitionSettings(direction: look.direction, perspective: look.perspective, shadow: look.shadow,
                           parameters: try ParameterArguments.values(look.parameterValues))
    }
}

extension Direction: ExpressibleByArgument {}

/// `--fps` as written, read by `TransitionArguments.frameRate()`: `--fps many` and `--fps 1/0`
/// are usage errors that say what a rate looks like, `--fps 0` a value out of range.
struct FrameRateText: ExpressibleByArgument, CustomStringConvertible {
    let text: String

    /// Any text: `TransitionArguments.frameRate()` reads it, and says what a rate looks like.
    init?(argument: String) {
        text = argument
    }

    var description: String { text }
}

/// Which transition, and how it looks.
struct TransitionLookArguments: ParsableArguments {
    @Option(help: ArgumentHelp("The transition: \(TransitionRegistry.standard.names.joined(separator: ", ")); each one's own options are in this help and in fliptrans transitions.", valueName: "name"),
            completion: .list(TransitionRegistry.standard.names))
    var transition: String?

    @Option(name: .customLong(ParameterArguments.shorthandOption), help: .hidden)
    var shorthands: [String] = []

    @Option(name: .customLong(ParameterArguments.setOption), help: .hidden)
    var parameterValues: [String] = []

    @Option(help: "The way the transition moves: left, right, up or down.")
    var direction: Direction?

    @Option(parsing: .unconditional, help: ArgumentHelp(SharedParameters.perspective.help, valueName: "pixels"))
    var perspective: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(SharedParameters.shadow.help, valueName: "strength"))
    var shadow = 1.0
}

/// How long the transition takes and how it moves through that time.
struct TimingArguments: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp(TimelineParameters.duration.help + " Default 1; a gesture sets its own.", valueName: "seconds"))
    var duration: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(TimelineParameters.fps.help))
    var fps = FrameRateText(argument: "30")!

    @Option(help: ArgumentHelp("Timing function: a CSS name (\(TimingFunction.names.joined(separator: ", "))), cubic-bezier(x1,y1,x2,y2), linear(0, 0.25 75%, 1), steps(n, jump-end) or spring(mass, stiffness, damping, velocity). Default: the transition's own.", valueName: "function"),
            completion: .list(TimingFunction.names))
    var timing: String?
}

/// A board: the frame cut into tiles that turn one after another.
struct BoardArguments: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp(TileGrid.help, valueName: "COLSxROWS"))
    var tiles = TileGrid.single.description

    @Option(parsing: .unconditional, help: ArgumentHelp(Tiling.staggerParameter.help, valueName: "seconds"))
    var stagger = 0.0

    @Option(help: ArgumentHelp(Tiling.orderParameter.help, valueName: Tiling.orderParameter.valueName), completion: .list(StaggerOrder.names))
    var staggerOrder = StaggerOrder.names[0]

    @Option(parsing: .unconditional, help: ArgumentHelp(Tiling.seedParameter.help, valueName: Tiling.seedParameter.valueName))
    var staggerSeed = 0
}
