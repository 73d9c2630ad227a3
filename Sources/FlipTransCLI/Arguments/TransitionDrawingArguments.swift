import ArgumentParser
import FlipTransCore
import FlipTransMedia

/// Which transition, for how long, and how it looks: the options of every command that draws one
/// (a video, a still, a contact sheet), in their sections of the help. A transition's own options
/// (`--pullback`, `--reverse`, `--fold cubic`, …) come from the registry through
/// `ParameterArguments`. A video adds its frame rate and a gesture (`TransitionArguments`); a
/// still or a sheet shows moments, which have neither.
struct TransitionDrawingArguments: ParsableArguments {
    @OptionGroup(title: "Transition") var look: TransitionLookArguments
    @OptionGroup(title: "Timing") var time: TimingArguments
    @OptionGroup(title: "Board of tiles") var board: BoardArguments

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

    /// The one transition the options name, refusing an option it does not take (`--page
    /// --pullback 0.5` would otherwise be ignored without a word).
    func makeTransition() throws -> any Transition {
        let name = try transitionName()
        guard name != TransitionCycle.name else {
            throw CLIError("--transition cycle takes turns between slides, so it is for slideshows only; name one transition: \(TransitionRegistry.standard.names.joined(separator: ", "))")
        }
        try checkOptions(apply: try TransitionRegistry.standard.type(named: name))
        return try TransitionRegistry.standard.make(name, settings: try settings())
    }

    /// The `index`-th transition of a slideshow: `--transition cycle` turns a new way each time.
    /// A show's options serve the slides whose transitions take them, so those a transition does
    /// not take are left alone.
    func makeTransition(forTransition index: Int) throws -> any Transition {
        let name = try transitionName()
        guard name == TransitionCycle.name else { return try Self.amongSlideshows { try TransitionRegistry.standard.make(name, settings: try settings()) } }
        return try TransitionCycle.transition(index, base: try settings())
    }

    /// For a slideshow whose every slide turns one way (no `cycle`, no spec), what
    /// `makeTransition()` refuses.
    func checkOptionsApplyToEverySlide() throws {
        let name = try transitionName()
        guard name != TransitionCycle.name else { return try board.checkUsed() }
        try checkOptions(apply: try Self.amongSlideshows { try TransitionRegistry.standard.type(named: name) })
    }

    /// The option `checkOptionsApplyToEverySlide` refuses, if any, for a spec to refuse as the
    /// slide's or the show's. Nil too for a transition it cannot name, which making the slide's
    /// clip refuses in the slide's words.
    func optionNotApplying() -> OptionMisuse? {
        do {
            try checkOptionsApplyToEverySlide()
            return nil
        } catch {
            return error as? OptionMisuse
        }
    }

    /// A slideshow's unknown transition is named among the slideshow's, `cycle` too (`cycel` had
    /// no suggestion, from a list without it).
    private static func amongSlideshows<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let TransitionError.unknownTransition(name, known) {
            throw TransitionError.unknownTransition(name, known: known + [TransitionCycle.name])
        }
    }

    /// The clip of the one transition the options name, for a still or a contact sheet: they show
    /// moments, time fractions, which no frame rate moves, so the clip has the highest rate, whose
    /// two frames ask least of `--duration` (which matters to a board's stagger).
    func makeMomentClip() throws -> (clip: TransitionClip, fps: FrameRate) {
        // A moment is given as a fraction of the transition: its length changes nothing but how
        // far a board's stagger, in seconds, sets its tiles apart (it was taken without a word).
        if time.duration != nil, board.stagger == 0 {
            throw OptionMisuse(option: "duration") { wording in
                "changes nothing here, where frames are fractions of the transition, but how far a board's \(wording.option("stagger")) sets its tiles apart; leave it out"
            }
        }
        let fps = TimelineParameters.highestRate
        do {
            return (try clip(try makeTransition(), fps: fps, gesture: nil), fps)
        } catch let error as ParameterError where error.parameter == TimelineParameters.duration.name
                    && (time.duration ?? 0) < TransitionClip.shortestDuration(fps: fps) {
            // Too short, worded without the rate, which a still has not.
            throw ParameterError(parameter: error.parameter, value: error.value,
                                 expected: "at least \(NumberRange.format(TransitionClip.shortestDuration(fps: fps))) seconds")
        }
    }

    /// The clip of `transition` at `fps`: driven by `gesture`, or lasting `--duration`. A board
    /// set for a whole show (`boardOfTheShow`) or beside `cycle` serves the transitions that can be
    /// tiled; the cards turn as a deck.
    func clip(_ transition: any Transition, fps: FrameRate, gesture: Gesture?, boardOfTheShow: Bool = false) throws -> TransitionClip {
        let timing = try time.timing.map(TimingFunction.parse)
        var tiling = try Tiling.parse(tiles: board.tiles, stagger: board.stagger, order: board.staggerOrder ?? StaggerOrder.names[0],
                                      seed: board.staggerSeed ?? 0)
        if boardOfTheShow || look.transition == TransitionCycle.name, !Tiling.canTile(transition) { tiling = .none }
        if let gesture {
            return try TransitionClip(transition: transition, timing: timing, tiling: tiling, gesture: gesture, fps: fps)
        }
        do {
            return try TransitionClip(transition: transition, timing: timing, tiling: tiling,
                                      duration: time.duration ?? TimelineParameters.defaultDuration, fps: fps)
        } catch let error as ParameterError where error.parameter == TimelineParameters.duration.name && time.duration == nil {
            // The user gave --fps, not --duration: the default second is what falls short.
            let shortest = NumberRange.format(TransitionClip.shortestDuration(fps: fps))
            throw CLIError("at \(fps) fps the default --duration of \(NumberRange.format(TimelineParameters.defaultDuration)) second is under the 2 frames a transition needs; give --duration \(shortest) or more")
        }
    }

    /// Refuses a transition's own option given for another transition, a direction for one that
    /// has none, and a board's stagger options where they can do nothing.
    private func checkOptions(apply type: any Transition.Type) throws {
        let registry = TransitionRegistry.standard
        // The value each option ends with: a later one wins (a slide's over the show's).
        let finalValues = Dictionary(look.parameterValues.map { ParameterArguments.split(Substring($0)) }) { _, later in later }
        for assignment in look.parameterValues {
            let name = ParameterArguments.split(Substring(assignment)).name
            guard !type.parameters.contains(where: { $0.name == name }) else { continue }
            let takers = registry.types.filter { $0.parameters.contains { $0.name == name } }.map { $0.name }
            // Another transition's switch left off asks for nothing (a slide's flip, under a
            // show's `reverse: true` page, with its own `reverse: false`).
            if finalValues[name] == "false", registry.parameters.contains(where: { $0.name == name && $0.kind == .flag }) { continue }
            // An option no transition has is left for `ParameterArguments.values` to name.
            guard !takers.isEmpty else { continue }
            throw OptionMisuse(option: name) { wording in
                "is an option of \(takers.joined(separator: " and ")), not of \(type.name); leave it out or choose \(wording.setting("transition", takers.first ?? type.name))"
            }
        }
        if look.direction != nil, type.directions.isEmpty {
            throw OptionMisuse(option: "direction") { _ in "does not apply to \(type.name), which has no direction; leave it out" }
        }
        try board.checkUsed()
    }

    private func settings() throws -> TransitionSettings {
        TransitionSettings(direction: look.direction, perspective: look.perspective, shadow: look.shadow,
                           parameters: try ParameterArguments.values(look.parameterValues))
    }
}

extension Direction: CaseInsensitiveWord {}
