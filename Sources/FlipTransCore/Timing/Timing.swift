/// How a transition's progress follows time: maps the time fraction t ∈ [0, 1] to the progress
/// e of the motion, with e(0) = 0 and e(1) = 1 (docs/timing.md). A CSS timing curve is one; a
/// transition may bring a staged timing of its own.
public protocol Timing: Sendable {
    /// The progress e at time fraction `t`: exactly 0 for t ≤ 0 and exactly 1 for t ≥ 1, so a
    /// transition's first frame is A and its last B. Between, e may leave [0, 1] (a curve or spring
    /// that overshoots).
    func progress(at t: Double) -> Double
}

extension TimingCurve: Timing {}
