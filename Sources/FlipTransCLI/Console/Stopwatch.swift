/// Measures consecutive stretches of wall-clock time.
struct Stopwatch {
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var lastLap: ContinuousClock.Instant

    init() {
        start = clock.now
        lastLap = start
    }

    /// Time since the previous lap (or the start).
    mutating func lap() -> Duration {
        let now = clock.now
        defer { lastLap = now }
        return now - lastLap
    }

    var total: Duration { clock.now - start }
}
