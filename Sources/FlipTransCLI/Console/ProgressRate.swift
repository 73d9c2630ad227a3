/// Frames a second and the seconds left, from the frames done so far. The rate is measured from
/// the first frame reported, not from the start: the images' decoding and the encoder's opening
/// come before it, and counted in, they made the first estimates many times too long (ETA
/// 1279 s for a run of four seconds).
struct ProgressRate {
    /// The first report: frames done and the time since the start.
    private var first: (done: Int, elapsed: Duration)?
    /// How long after the first report its rate is trusted; until then, the rate since the start.
    static let settling = Duration.milliseconds(250)

    /// The rate and the seconds left for `done` frames of `total` at `elapsed` since the start.
    mutating func estimate(done: Int, of total: Int, elapsed: Duration) -> (fps: Double, remaining: Double) {
        let first = self.first ?? (done, elapsed)
        self.first = first
        let fps: Double
        if elapsed - first.elapsed >= Self.settling, done > first.done {
            fps = Double(done - first.done) / (elapsed - first.elapsed).seconds
        } else {
            fps = elapsed > .zero ? Double(done) / elapsed.seconds : 0
        }
        return (fps, fps > 0 ? Double(total - done) / fps : 0)
    }
}
