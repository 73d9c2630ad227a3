import FlipTransCore

/// Why a colour's text is refused, with the colour most likely meant: hex digits without their
/// `#` get it back (and on the command line, where an unquoted `#` and what follows it are a
/// comment to the shell, a word on quoting); a misspelt name gets the named colour it is closest to.
enum ColourRefusal {
    /// The forms a colour may take, as help and errors list them.
    static let forms = "#rgb, #rgba, #rrggbb, #rrggbbaa, a CSS colour name (navy, lightgrey) or transparent"

    static func reason(for text: String, onCommandLine: Bool) -> String {
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
