/// The seconds since it was made: what an encoder adds to its `EncoderStatistics` for each
/// conversion and each step of encoding.
struct Stopwatch {
    private let started = ContinuousClock.now

    var seconds: Double { (ContinuousClock.now - started).seconds }
}
