/// How a transition's progress follows time: maps the time fraction t ∈ [0, 1] to the progress
/// e of the motion, with e(0) = 0 and e(1) = 1 (docs/timing.md). A CSS timing curve is one; a
/// transition may bring a staged timing of its own.
public protocol Timing: Sendable {
    func progress(at t: Double) -> Double
}

extension TimingCurve: Timing {}
