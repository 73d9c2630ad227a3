/// Every error is one line. Messages quote text the user controls (a file name, a value or key
/// from a spec), which may hold line breaks; those and other control characters are written as
/// escapes, `\n` or `\u{1B}`, so the message stays one line and the text stays recognisable.
/// Bidirectional controls are escaped too: a name holding U+202E would otherwise show its
/// characters, and the rest of the line, in another order than they have.
/// Quoted text may also be huge (a 1 MB value in a spec): a message longer than `longest`
/// characters keeps its beginning, which names the file, and its end, which gives the reason,
/// and says how much it left out between them.
public enum OneLine {
    /// The most characters a printed message keeps before `shortened(_:longest:)` elides its middle.
    public static let longest = 600

    /// `text` escaped and, if need be, shortened: the message as printed.
    public static func printable(_ text: String) -> String { shortened(escaping(text)) }

    /// `text` with the middle elided if it is longer than `longest`. Shorten a message only
    /// once, when it is printed, so that a message quoting another keeps its own end.
    public static func shortened(_ text: String, longest: Int = longest) -> String {
        guard text.count > longest else { return text }
        let kept = longest / 2 - 20
        return "\(text.prefix(kept)) …(\(text.count - 2 * kept) characters)… \(text.suffix(kept))"
    }

    /// `text` with line breaks, tabs, other control characters and bidirectional controls written
    /// as escapes (`\n`, `\r`, `\t`, `\u{1B}`, `\u{202E}`), so it fits on one line in its own order.
    public static func escaping(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where isEscaped(scalar):
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: scalar.properties.isBidiControl
        }
    }
}
