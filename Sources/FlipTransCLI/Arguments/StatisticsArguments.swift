import ArgumentParser

/// `--stats`: where the time of a video render went, on stderr after it finishes.
struct StatisticsArguments: ParsableArguments {
    @Flag(help: "Print where the time went: decode, render, convert, encode.")
    var stats = false

    func report(_ statistics: @autoclosure () -> Statistics) {
        if stats { StandardError.write(statistics().summary) }
    }
}
