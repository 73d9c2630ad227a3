import ArgumentParser

/// `--at` of the still command, under "Timing": the one moment it writes.
struct MomentArguments: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Time fraction of the transition, 0 (image A) to 1 (image B), before the timing curve.", valueName: "t"), transform: DecimalArgument.read)
    var at: Double
}
