/// A gesture played out over time: the finger's samples up to the lift, then the release
/// (`ReleaseMotion`). Time is in seconds from the start of the transition; nothing depends on a
/// frame rate, so a video at any rate samples the same motion.
public struct GestureMotion: Sendable {
    /// At least one, times rising.
    public let samples: [FingerSample]
    /// The motion after the lift, from the last sample's progress and the finger's speed then.
    public let release: ReleaseMotion

    /// Samples with rising times (a script checked by `GestureScript`, a trace by `TouchTrace`).
    /// The release velocity is `liftVelocity(of:)` (none for a single sample: a tap).
    init(samples: [FingerSample], physics: ReleasePhysics) {
        precondition(!samples.isEmpty, "a gesture has a sample")
        self.samples = samples
        release = physics.release(at: samples[samples.count - 1].progress, velocity: Self.liftVelocity(of: samples))
    }

    /// The span the finger's speed at the lift is measured over, back from the lift.
    static let velocityWindow = 0.05

    /// The finger's mean speed over the last `velocityWindow` before the lift, or over the last
    /// interval when that is longer (a script's samples are seconds apart, so its last interval's
    /// slope). A recorder's samples are milliseconds apart, and it often repeats the finger's last
    /// position as it lifts or jitters a pixel back: the last interval alone would cancel, even
    /// reverse, a flick.
    static func liftVelocity(of samples: [FingerSample]) -> Double {
        guard samples.count >= 2 else { return 0 }
        let last = samples[samples.count - 1], before = samples[samples.count - 2]
        let start = max(samples[0].time, min(before.time, last.time - velocityWindow))
        return (last.progress - finger(in: samples, at: start).progress) / (last.time - start)
    }

    /// When the finger lifts.
    var liftTime: Double { samples[samples.count - 1].time }
    /// When the motion ends, on 0 or 1.
    public var duration: Double { liftTime + release.duration }
    /// True when it ends on B, false when it returns to A.
    public var completes: Bool { release.completes }

    /// The progress (time fraction t of the transition) at `time`.
    public func progress(at time: Double) -> Double {
        if time >= liftTime { return release.progress(after: time - liftTime) }
        return finger(at: time).progress
    }

    /// The finger's sample at `time`, between the samples along a straight line; before the
    /// first it is the first, after the last the last (where it lifted).
    public func finger(at time: Double) -> FingerSample {
        Self.finger(in: samples, at: time)
    }

    private static func finger(in samples: [FingerSample], at time: Double) -> FingerSample {
        guard let next = samples.firstIndex(where: { $0.time > time }) else { return samples[samples.count - 1] }
        guard next > 0 else { return samples[0] }
        let (a, b) = (samples[next - 1], samples[next])
        let f = (time - a.time) / (b.time - a.time)
        let point = a.point.flatMap { p in b.point.map { q in Point(p.x + (q.x - p.x) * f, p.y + (q.y - p.y) * f) } }
        return FingerSample(time: time, progress: a.progress + (b.progress - a.progress) * f, point: point)
    }

    /// How strongly a shown finger is drawn at `time`: nothing before it touches, fully while it
    /// touches, fading out over `fadeTime` after the lift, or faster when the transition settles
    /// sooner: gone by the end, whose frame is exactly A or B.
    func touchOpacity(at time: Double) -> Double {
        if time < samples[0].time || time >= duration { return 0 }
        if time <= liftTime { return 1 }
        return max(0, 1 - (time - liftTime) / min(Self.fadeTime, duration - liftTime))
    }

    /// How long a shown finger takes to fade after the lift.
    static let fadeTime = 0.25

    /// Frames at `fps` covering the motion: frame i shows time i/fps, the last at or after the
    /// end, so it shows exactly A or B: ⌈duration × fps⌉ + 1, at least 2.
    public func frameCount(fps: FrameRate) -> Int {
        max(2, Int((duration * fps.perSecond - 1e-9).rounded(.up)) + 1)
    }
}
