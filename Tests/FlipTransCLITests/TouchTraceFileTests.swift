import FlipTransCore
import Testing
@testable import FlipTransCLI

/// Reading touch traces: CSV and JSON lines alike, and lines that cannot be read named.
struct TouchTraceFileTests {
    static let csv = """
        t,x,y
        # a drag to the left, held, let go
        10.0,140,60
        10.5,65,62

        11.0,65,62
        """
    static let jsonLines = """
        {"t": 10.0, "x": 140, "y": 60}
        {"t": 10.5, "x": 65, "y": 62}
        {"t": 11.0, "x": 65, "y": 62}
        """

    @Test func csvAndJSONLinesReadAlike() throws {
        let trace = try TouchTraceFile.trace(text: Self.csv)
        #expect(trace == (try TouchTraceFile.trace(text: Self.jsonLines)))
        #expect(trace.samples.map(\.time) == [0, 0.5, 1])
        #expect(trace.samples[1].point == Point(65, 62))
    }

    /// Windows ("\r\n") and old Mac ("\r") line endings split lines as "\n" does: such a file
    /// was one line, refused as "line 1: expected t,x,y".
    @Test(arguments: ["\r\n", "\r"])
    func otherLineEndingsReadAlike(ending: String) throws {
        let trace = try TouchTraceFile.trace(text: Self.csv.replacingOccurrences(of: "\n", with: ending))
        #expect(trace == (try TouchTraceFile.trace(text: Self.csv)))
        let jsonLines = try TouchTraceFile.trace(text: Self.jsonLines.replacingOccurrences(of: "\n", with: ending))
        #expect(jsonLines == trace)
        let bad = #expect(throws: TouchTraceFile.Problem.self) { try TouchTraceFile.trace(text: "t,x,y\(ending)0,1,2\(ending)0.5,10") }
        #expect(bad?.line == 3)
    }

    /// A header that names the columns in another order is followed.
    @Test func aHeaderOrdersTheColumns() throws {
        let reordered = "x,y,t\n140,60,10.0\n65,62,10.5\n65,62,11.0\n"
        #expect(try TouchTraceFile.trace(text: reordered) == (try TouchTraceFile.trace(text: Self.jsonLines)))
    }

    static let badTraces: [(String, String)] = [
        ("", "no samples (t,x,y lines)"),
        ("0,1,2\n0.5,3", "line 2: expected t,x,y"),
        ("t,x,y\n0,1,2\nfoo,1,2", "line 3: expected t,x,y"),
        ("0,1,2\n0,3,4", "line 2: time 0 is not after the time before it, 0"),
        ("{\"t\": 0, \"x\": 1}", "line 1: expected t,x,y"),
        ("{\"t\": true, \"x\": 1, \"y\": 2}", "line 1: expected t,x,y"),
        ("0,1,2\n0.1,inf,2", "line 2: expected t,x,y"),
        ("0,1,2\n4000,1,2", "the trace lasts 4000 seconds, over 3600"),
        // A header names t, x and y once each (any three names were taken as t,x,y).
        ("a,b,c\n0,1,2", "line 1: a header names the columns t (or time), x and y, in any order, got 'a,b,c'"),
        ("x,x,y\n0,1,2", "line 1: a header names the columns t (or time), x and y, in any order, got 'x,x,y'"),
        ("# recorded\n0,1,2\nt,x,y\n1,1,2", "line 3: expected t,x,y"),
        // One format a file, one object a line, each key once.
        ("[{\"t\": 0, \"x\": 1, \"y\": 2}]", "line 1: a JSON array; a trace in JSON has one object a line"),
        ("t,x,y\n0,1,2\n{\"t\": 1, \"x\": 1, \"y\": 2}", "line 3: a JSON line among CSV lines"),
        ("{\"t\": 0, \"x\": 1, \"y\": 2}\n1,1,2", "line 2: a CSV line among JSON lines"),
        ("{\"t\": 0, \"x\": 1, \"y\": 2, \"t\": 0.7}", "line 1: duplicate key 't'"),
        // A line that is no JSON object is named, not scanned for keys (an extra brace crashed).
        ("{\"t\": 0, \"x\": 1, \"y\": 2}\n{\"t\": 0.5, \"x\": 4, \"y\": 2}}", "line 2: expected t,x,y"),
        ("{\"t\": 0, \"x\": 1, \"y\": 2}]", "line 1: expected t,x,y"),
        // Quotes around a whole field only.
        ("0,1,2\n\"1,1,2\"", "line 2: expected t,x,y"),
        ("0,1,2\n1,\"1,2", "line 2: expected t,x,y"),
        // A spreadsheet in German or French exports semicolons and decimal commas: said so.
        ("0;0,5;1", "line 1: expected t,x,y or {\"t\": …, \"x\": …, \"y\": …} with three numbers, each within ±1000000000, got '0;0,5;1' (columns apart by commas and decimals with points, as a spreadsheet in English exports them)"),
    ]

    /// A header as spreadsheets write it: quoted names, `time` for t, a byte-order mark first;
    /// and numbers quoted as some export every field.
    @Test func aSpreadsheetsHeaderNamesTheColumns() throws {
        let exported = "\u{FEFF}\"x\",\"y\",\"Time\"\n140,60,10.0\n65,62,10.5\n65,62,11.0\n"
        #expect(try TouchTraceFile.trace(text: exported) == (try TouchTraceFile.trace(text: Self.jsonLines)))
        let quotedNumbers = "\"x\",\"y\",\"Time\"\n\"140\",\"60\",\"10.0\"\n\" 65\", 62 ,\"10.5\"\n65,62,11.0\n"
        #expect(try TouchTraceFile.trace(text: quotedNumbers) == (try TouchTraceFile.trace(text: Self.jsonLines)))
    }

    /// A JSON line's other keys (a pressure, say) are left alone.
    @Test func otherKeysOfAJSONLineAreIgnored() throws {
        let withPressure = Self.jsonLines.replacingOccurrences(of: "}", with: ", \"pressure\": 0.4}")
        #expect(try TouchTraceFile.trace(text: withPressure) == (try TouchTraceFile.trace(text: Self.jsonLines)))
    }

    @Test(arguments: badTraces)
    func unreadableLinesAreNamed(text: String, problem: String) {
        let error = #expect(throws: TouchTraceFile.Problem.self) { try TouchTraceFile.trace(text: text) }
        #expect(error?.description.hasPrefix(problem) == true, "\(error?.description ?? "")")
    }

    /// A spec's gesture-only options are left out of a slide without a gesture with their values,
    /// given as `--name=value` or as the next argument.
    @Test func gestureOnlyOptionsGoWithTheirValues() {
        let arguments = ["--fps=10", "--show-touches", "--release-max-speed", "3", "--drag-distance=40", "--no-show-touches", "--hold", "2"]
        #expect(GestureArguments.removingGestureOnlyOptions(arguments) == ["--fps=10", "--hold", "2"])
    }
}
