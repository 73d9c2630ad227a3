/// Combining marks stacked on one letter. No script stacks more than 30, the limit of Unicode's
/// stream-safe text format (UAX #15); HarfBuzz places a letter's marks in time that grows with
/// their number squared, and a title of 100,000 accents on one letter took 72 s.
public enum StackedMarks {
    /// The most marks in a row that are drawn.
    public static let most = 30

    /// The longest run of combining marks in `text` (characters of a combining class other than 0).
    public static func longestRun(in text: String) -> Int {
        var longest = 0, run = 0
        for scalar in text.unicodeScalars {
            run = isMark(scalar) ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    /// `text`'s characters without the marks past the `most`th of a run (which a program's own
    /// title card may hold: the command line refuses them with the reason).
    static func capped(_ text: String) -> [Unicode.Scalar] {
        var kept: [Unicode.Scalar] = [], run = 0
        kept.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            run = isMark(scalar) ? run + 1 : 0
            if run <= most { kept.append(scalar) }
        }
        return kept
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.canonicalCombiningClass != .notReordered
    }
}
