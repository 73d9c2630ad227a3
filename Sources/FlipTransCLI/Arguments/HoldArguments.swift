import ArgumentParser

/// `--hold` of the video command, under "Timing" beside the transition's own timing.
struct HoldArguments: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to show A still before the transition and B after it (at most 3600).", valueName: "seconds"))
    var hold = 0.0
}
