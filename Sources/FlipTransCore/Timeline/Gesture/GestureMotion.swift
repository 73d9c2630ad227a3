/// A gesture played out over time: the finger's samples up to the lift, then the release
/// (`ReleaseMotion`). Time is in seconds from the start of the transition; nothing depends on a
/// frame rate, so a video at any rate samples the same motion.
public struct GestureMotion: Sendable {
    /// At least one, times rising.
    public let samples: [FingerSample]
    /// The motion after the lift, from the last sample's progress and the last interval's slope.
    public let release: ReleaseMotion

    /// Samples with rising times (a script checked by `GestureScript`, a trace by `TouchTrace`).
    /// The release velocity is the slope of the last interval (none for a single sample: a tap).
    init(samples: [FingerSample], physics: ReleasePhysics) {
        precondition(!samples.isEmpty, "a gesture has a sample")
        self.samples = samples
        let last = samples[samples.count - 1]
        let velocity = samples.count < 2 ? 0 : {
            let before = samples[samples.count - 2]
            return (last.progress - before.progress) / (last.time - before.time)
        }()
        release = physics.release(at: last.progress, velocity: velocity)
    }

    /// When the finger lifts.
    public var liftTime: Double { samples[samples.count - 1].time }
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
    public func touchOpacity(at time: Double) -> Double {
        if time < samples[0].time || time >= duration { return 0 }
        if time <= liftTime { return 1 }
        return max(0, 1 - (time - liftTime) / min(Self.fadeTime, duration - liftTime))
    }

    /// How long a shown finger takes to fade after the lift.
    public static let fadeTime = 0.25

    /// Frames at `fps` covering the motion: frame i shows time i/fps, the last at or after the
    /// end, so it shows exactly A or B: ⌈duration × fps⌉ + 1, at least 2.
    public func frameCount(fps: FrameRate) -> Int {
        max(2, Int((duration * fps.perSecond - 1e-9).rounded(.up)) + 1)
    }
}
