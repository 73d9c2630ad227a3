import ArgumentParser
import FlipTransCore

/// How long the transition takes and how it moves through that time (a video's rate is
/// `FrameRateArguments`).
struct TimingArguments: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp(TimelineParameters.duration.help + " Default \(NumberRange.format(TimelineParameters.defaultDuration)) (in a video, a gesture sets its own).", valueName: "seconds"), transform: DecimalArgument.read)
    var duration: Double?

    @Option(help: ArgumentHelp("Timing function: a CSS name (\(TimingFunction.names.joined(separator: ", "))), cubic-bezier(x1,y1,x2,y2), linear(0, 0.25 75%, 1), steps(n, jump-end) or spring(mass, stiffness, damping, velocity). Default: the transition's own.", valueName: "function"),
            completion: .list(TimingFunction.names))
    var timing: String?
}
