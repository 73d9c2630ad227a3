/// Every error is one line. Messages quote text the user controls (a file name, a value or key
/// from a spec), which may hold line breaks; those and other control characters are written as
/// escapes, `\n` or `\u{1B}`, so the message stays one line and the text stays recognisable.
public enum OneLine {
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
