import Foundation

/// A recorded touch trace: one sample a line, `t,x,y` (CSV, an optional header line first) or
/// `{"t": …, "x": …, "y": …}` (JSON lines), time in seconds and the finger's position in the
/// frame's pixels, as a screen recorder or a test harness writes them. Blank lines and lines
/// starting with `#` are skipped. Times are taken from the first sample on (recorders write
/// clock times), so the finger touches as the transition starts (docs/gestures.md).
public struct TouchTrace: Sendable, Equatable {
    public let samples: [(time: Double, point: Point)]

    public static func == (a: TouchTrace, b: TouchTrace) -> Bool {
        a.samples.elementsEqual(b.samples) { $0.time == $1.time && $0.point == $1.point }
    }

    /// A line that cannot be read, by its number (from 1).
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let line: Int?
        public let reason: String
        public var description: String { (line.map { "line \($0): " } ?? "") + reason }
    }

    public init(samples: [(time: Double, point: Point)]) {
        self.samples = samples
    }

    public init(text: String) throws {
        var samples: [(time: Double, point: Point)] = []
        var first = true
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            defer { first = false }
            let values: [Double]?
            if line.hasPrefix("{") {
                values = Self.jsonSample(line)
            } else {
                values = Self.csvSample(line)
                // A header such as `t,x,y` may name the columns.
                if values == nil, first, line.split(separator: ",").count == 3 { continue }
            }
            guard let values, values.allSatisfy(\.isFinite), values.allSatisfy({ abs($0) <= 1e9 }) else {
                throw Problem(line: index + 1, reason: "expected t,x,y or {\"t\": …, \"x\": …, \"y\": …} with three finite numbers, got '\(line.prefix(80))'")
            }
            if let last = samples.last, values[0] <= last.time {
                throw Problem(line: index + 1, reason: "time \(NumberRange.format(values[0])) is not after the time before it, \(NumberRange.format(last.time))")
            }
            samples.append((values[0], Point(values[1], values[2])))
        }
        guard let start = samples.first?.time else { throw Problem(line: nil, reason: "no samples (t,x,y lines)") }
        let span = samples.last!.time - start
        guard span <= TimelineParameters.longestSeconds else {
            throw Problem(line: nil, reason: "the trace lasts \(NumberRange.format(span)) seconds, over \(NumberRange.format(TimelineParameters.longestSeconds))")
        }
        self.samples = samples.map { ($0.time - start, $0.point) }
    }

    private static func csvSample(_ line: String) -> [Double]? {
        let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard fields.count == 3, let numbers = fields as? [Double] else { return nil }
        return numbers
    }

    private static func jsonSample(_ line: String) -> [Double]? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
        let numbers = ["t", "x", "y"].map { key in (object[key] as? NSNumber).flatMap { String(cString: $0.objCType) == "c" ? nil : $0.doubleValue } }
        return numbers as? [Double]
    }

    /// The finger's samples: progress is the drag along `direction` from the first point, over
    /// `dragDistance` pixels for a whole transition, held within [0, 1].
    public func fingerSamples(direction: Direction, dragDistance: Double) -> [FingerSample] {
        guard let origin = samples.first?.point else { return [] }
        let axis = FingerPath.unitVector(direction)
        return samples.map { time, point in
            let along = (point.x - origin.x) * axis.x + (point.y - origin.y) * axis.y
            return FingerSample(time: time, progress: min(max(along / dragDistance, 0), 1), point: point)
        }
    }
}
