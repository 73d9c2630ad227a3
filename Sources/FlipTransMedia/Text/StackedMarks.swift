/// Combining marks stacked on one letter. No script stacks more than 30, the limit of Unicode's
/// stream-safe text format (UAX #15); HarfBuzz places a letter's marks in time that grows with
/// their number squared, and a title of 100,000 accents on one letter took 72 s. Invisible
/// characters between the marks (a combining grapheme joiner, a zero-width joiner) leave them on
/// the same letter, so they count too.
public enum StackedMarks {
    /// The most marks in a row that are drawn.
    public static let most = 30

    /// The longest run of combining marks (and invisible characters among them) in `text`.
    public static func longestRun(in text: String) -> Int {
        var longest = 0, run = 0
        for scalar in text.unicodeScalars {
            run = staysOnTheLetter(scalar) ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    /// `text`'s characters without those past the `most`th of a run (which a program's own title
    /// card may hold: the command line refuses them with the reason).
    static func capped(_ text: String) -> [Unicode.Scalar] {
        var kept: [Unicode.Scalar] = [], run = 0
        kept.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            run = staysOnTheLetter(scalar) ? run + 1 : 0
            if run <= most { kept.append(scalar) }
        }
        return kept
    }

    /// A combining mark of any class, or a character drawn as nothing.
    private static func staysOnTheLetter(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return [.nonspacingMark, .spacingMark, .enclosingMark].contains(properties.generalCategory) || properties.isDefaultIgnorableCodePoint
    }
}
