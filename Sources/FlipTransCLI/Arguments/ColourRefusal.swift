import FlipTransCore

/// Why a colour's text is refused, with the colour most likely meant: hex digits without their
/// `#` get it back (and on the command line, where an unquoted `#` and what follows it are a
/// comment to the shell, a word on quoting); a misspelt name gets the named colour it is closest to;
/// an `rgb()` or `hsl()` with arguments it does not take gets what it takes.
enum ColourRefusal {
    /// The forms a colour may take, as help and errors list them.
    static let forms = "#rgb, #rgba, #rrggbb, #rrggbbaa, rgb(), hsl(), a CSS colour name (navy, lightgrey) or transparent"

    static func reason(for text: String, onCommandLine: Bool) -> String {
        switch Color.Function(calledBy: text) {
        case .rgb:
            return "'\(text)' is not a colour; rgb() takes red, green and blue, each 0–255 or 0%–100%, and an optional alpha, 0–1 or 0%–100%: rgb(255 128 0), rgb(255 128 0 / 50%) or rgb(255, 128, 0, 0.5)"
        case .hsl:
            return "'\(text)' is not a colour; hsl() takes a hue in degrees (or with deg, grad, rad or turn), saturation and lightness, each 0%–100%, and an optional alpha, 0–1 or 0%–100%: hsl(30 100% 50%), hsl(30 100% 50% / 50%) or hsl(30, 100%, 50%, 0.5)"
        case nil:
            break
        }
        let quoting = onCommandLine ? " (quote it: the shell reads an unquoted # as the start of a comment)" : ""
        let meant: String
        if Color(css: "#" + text) != nil {
            meant = "; did you mean '#\(text)'?" + quoting
        } else if let name = NameSuggestion.closest(to: text, among: Color.cssNames.keys.sorted() + ["transparent"]) {
            meant = "; did you mean '\(name)'?"
        } else {
            meant = ""
        }
        return "'\(text)' is not a colour; use \(forms)" + meant
    }
}
