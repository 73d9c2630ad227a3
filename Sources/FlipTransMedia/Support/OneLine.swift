/// Every error is one line. Messages quote text the user controls (a file name, a value or key
/// from a spec), which may hold line breaks; those and other control characters are written as
/// escapes, `\n` or `\u{1B}`, so the message stays one line and the text stays recognisable.
/// Quoted text may also be huge (a 1 MB value in a spec): a message longer than `longest`
/// characters keeps its beginning, which names the file, and its end, which gives the reason,
/// and says how much it left out between them.
public enum OneLine {
    /// The most characters a printed message keeps before `shortened(_:)` elides its middle.
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

    /// `text` with line breaks, tabs and other control characters written as escapes (`\n`, `\r`,
    /// `\t`, `\u{1B}`), so it fits on one line.
    public static func escaping(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            default:
                switch scalar.properties.generalCategory {
                case .control, .lineSeparator, .paragraphSeparator:
                    escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                default:
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }
}
