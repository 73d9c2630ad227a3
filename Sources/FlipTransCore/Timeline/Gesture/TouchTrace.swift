/// A recorded touch trace: the finger's position in the frame's pixels over time, in seconds
/// from the first sample (docs/gestures.md#touch-traces). The command line reads it from CSV or
/// JSON lines.
public struct TouchTrace: Sendable, Equatable {
    /// The finger's positions in frame pixels, at times in seconds from the first sample (which is
    /// at 0), rising strictly.
    public let samples: [(time: Double, point: Point)]

    public static func == (a: TouchTrace, b: TouchTrace) -> Bool {
        a.samples.elementsEqual(b.samples) { $0.time == $1.time && $0.point == $1.point }
    }

    /// Nil unless there is a sample, every number is finite and the times rise strictly over at
    /// most an hour; times are taken from the first sample on (recorders write clock times), so
    /// the finger touches as the transition starts.
    public init?(samples: [(time: Double, point: Point)]) {
        guard let start = samples.first?.time,
              samples.allSatisfy({ $0.time.isFinite && $0.point.x.isFinite && $0.point.y.isFinite }),
              zip(samples, samples.dropFirst()).allSatisfy({ $0.time < $1.time }),
              samples[samples.count - 1].time - start <= TimelineParameters.longestSeconds else { return nil }
        self.samples = samples.map { ($0.time - start, $0.point) }
    }

    /// The finger's samples: progress is the drag along `direction` from the first point, over
    /// `dragDistance` pixels for a whole transition, held within [0, 1].
    public func fingerSamples(direction: Direction, dragDistance: Double) -> [FingerSample] {
        let origin = samples[0].point
        let axis = FingerPath.unitVector(direction)
        return samples.map { time, point in
            let along = (point.x - origin.x) * axis.x + (point.y - origin.y) * axis.y
            return FingerSample(time: time, progress: min(max(along / dragDistance, 0), 1), point: point)
        }
    }
}
