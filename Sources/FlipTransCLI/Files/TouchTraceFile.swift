import FlipTransCore
import Foundation

/// A touch trace's text (docs/gestures.md#touch-traces): one sample a line, `t,x,y` (CSV, an
/// optional header line first) or `{"t": …, "x": …, "y": …}` (JSON lines), time in seconds and
/// the finger's position in the frame's pixels. Blank lines and lines starting with `#` are
/// skipped. A line that cannot be read is named by its number.
enum TouchTraceFile {
    struct Problem: Error, Equatable, CustomStringConvertible {
        let line: Int?
        let reason: String
        var description: String { (line.map { "line \($0): " } ?? "") + reason }
    }

    static func trace(text: String) throws -> TouchTrace {
        var samples: [(time: Double, point: Point)] = []
        /// Whether the samples are JSON lines, once the first says; whether a line was read.
        var isJSON: Bool?, read = false
        // Where t, x and y are in a CSV line: in that order unless a header says otherwise.
        var columns = [0, 1, 2]
        for (index, raw) in TextFile.lines(of: text).enumerated() {
            // A byte-order mark, as spreadsheets and some editors write, is no part of the line.
            let unmarked = raw.unicodeScalars.first == "\u{FEFF}" ? String(raw.unicodeScalars.dropFirst()) : String(raw)
            let line = unmarked.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            func problem(_ reason: String) -> Problem { Problem(line: index + 1, reason: reason) }
            let first = !read
            read = true
            let json = line.hasPrefix("{")
            if line.hasPrefix("[") { throw problem("a JSON array; a trace in JSON has one object a line, {\"t\": …, \"x\": …, \"y\": …}") }
            if let isJSON, isJSON != json { throw problem(isJSON ? "a CSV line among JSON lines" : "a JSON line among CSV lines") }
            isJSON = json
            let values: [Double]?
            if json {
                values = jsonSample(line)
                // Only JSON that parsed is scanned for keys given twice.
                if values != nil, let key = JSONDuplicateKeys.first(in: line) { throw problem("duplicate key '\(key)'") }
            } else {
                values = csvSample(line).map { sample in columns.map { sample[$0] } }
                // A header such as `t,x,y` (or `x,y,t`) names the columns.
                if values == nil, first, case let names = line.split(separator: ",", omittingEmptySubsequences: false),
                   names.count == 3, !names.contains(where: { DecimalNumber.read(bare($0)) != nil }) {
                    // `time` is t.
                    let names = names.map { name in
                        let bare = bare(name).lowercased()
                        return bare == "time" ? "t" : bare
                    }
                    guard Set(names) == ["t", "x", "y"] else {
                        throw problem("a header names the columns t (or time), x and y, in any order, got '\(line.prefix(80))'")
                    }
                    columns = ["t", "x", "y"].compactMap { names.firstIndex(of: $0) }
                    continue
                }
            }
            guard let values, values.allSatisfy(\.isFinite), values.allSatisfy({ abs($0) <= 1e9 }) else {
                // A spreadsheet set to German or French exports `0;0,5;1`.
                let semicolons = line.contains(";") ? " (columns apart by commas and decimals with points, as a spreadsheet in English exports them)" : ""
                throw problem("expected t,x,y or {\"t\": …, \"x\": …, \"y\": …} with three numbers, each within ±1000000000, got '\(line.prefix(80))'\(semicolons)")
            }
            if let last = samples.last, values[0] <= last.time {
                throw problem("time \(shown(values[0])) is not after the time before it, \(shown(last.time))")
            }
            samples.append((values[0], Point(values[1], values[2])))
        }
        guard let start = samples.first?.time else { throw Problem(line: nil, reason: "no samples (t,x,y lines)") }
        let span = samples[samples.count - 1].time - start
        guard let trace = TouchTrace(samples: samples) else {
            throw Problem(line: nil, reason: "the trace lasts \(shown(span)) seconds, over \(shown(TimelineParameters.longestSeconds))")
        }
        return trace
    }

    /// 4 rather than 4.0, as the command's other messages write numbers.
    private static func shown(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    /// A CSV field's text without the spaces around it, nor the double quotes some spreadsheets
    /// put around every field, numbers too (`"0.1","250","100"`).
    private static func bare(_ field: Substring) -> String {
        let trimmed = field.trimmingCharacters(in: .whitespaces)
        guard trimmed.utf8.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") else { return trimmed }
        return trimmed.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
    }

    private static func csvSample(_ line: String) -> [Double]? {
        let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { DecimalNumber.read(bare($0)) }
        guard fields.count == 3, let numbers = fields as? [Double] else { return nil }
        return numbers
    }

    private static func jsonSample(_ line: String) -> [Double]? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
        let numbers = ["t", "x", "y"].map { key in (object[key] as? NSNumber).flatMap { $0.isJSONBoolean ? nil : $0.doubleValue } }
        return numbers as? [Double]
    }
}
