import ArgumentParser
import FlipTransCore

/// A video's frame rate, under "Timing".
struct FrameRateArguments: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp(TimelineParameters.fps.help))
    var fps = FrameRateText(argument: TimelineParameters.defaultRate.description)!
}
