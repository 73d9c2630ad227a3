import ArgumentParser
import FlipTransCore
import FlipTransMedia

/// A transition played as a video (a render, a slideshow's): the options that draw it, its frame
/// rate, and a finger that may drive it.
struct TransitionArguments: ParsableArguments {
    @OptionGroup var drawing: TransitionDrawingArguments
    @OptionGroup(title: "Timing") var rate: FrameRateArguments
    @OptionGroup(title: "Gesture") var finger: GestureArguments

    /// The frame rate `--fps` gives; a number out of range is refused as the parameter words it,
    /// quoting it as written (`got 0.5`, not the fraction it reads as).
    func frameRate() throws -> FrameRate {
        let fps = rate.fps
        if let number = DecimalNumber.read(fps.text), !(number >= 1 && number <= TimelineParameters.highestRate.perSecond) {
            _ = try TimelineParameters.fps.check(number)
        }
        guard let rate = FrameRate.parse(fps.text) else {
            throw ParameterError(parameter: TimelineParameters.fps.name, value: "'\(fps)'",
                                 expected: "a frame rate: a whole number, a fraction such as 30000/1001, or 29.97, 23.976, 59.94", isUnreadable: true)
        }
        try TimelineParameters.check(rate)
        return rate
    }

    /// The clip of the one transition the options name (see `TransitionDrawingArguments`).
    func makeClip() throws -> TransitionClip {
        try clip(try drawing.makeTransition())
    }

    /// The clip for the `index`-th transition of a slideshow (see `TransitionDrawingArguments`);
    /// `boardOfTheShow`: the board was set for the show, not beside this transition.
    func makeClip(forTransition index: Int, boardOfTheShow: Bool = false) throws -> TransitionClip {
        try clip(try drawing.makeTransition(forTransition: index), boardOfTheShow: boardOfTheShow)
    }

    /// Refuses --duration beside a gesture given in the same place (a spec's top level and a
    /// slide are different places: a top-level duration serves the slides without a gesture).
    func checkDurationAndGesture() throws {
        if drawing.time.duration != nil, finger.isGiven {
            let gesture = finger.gesture != nil ? "gesture" : "gesture-file"
            throw OptionMisuse(option: "duration") { wording in
                "is not used with \(wording.option(gesture)): the gesture sets the length (until the finger lifts, then until it settles)"
            }
        }
    }

    private func clip(_ transition: any Transition, boardOfTheShow: Bool = false) throws -> TransitionClip {
        try drawing.clip(transition, fps: try frameRate(), gesture: try finger.make(), boardOfTheShow: boardOfTheShow)
    }
}
