import FlipTransCore

/// Why a colour's text is refused, with the colour most likely meant: hex digits without their
/// `#` get it back, and on the command line, where an unquoted `#` and what follows it are a
/// comment to the shell, a word on quoting.
enum ColourRefusal {
    static func reason(for text: String, onCommandLine: Bool) -> String {
        let quoting = onCommandLine ? " (quote it: the shell reads an unquoted # as the start of a comment)" : ""
        let meant = Color(css: "#" + text) != nil ? "; did you mean '#\(text)'?" + quoting : ""
        return "'\(text)' is not a colour; use #rgb, #rrggbb, #rrggbbaa or transparent" + meant
    }
}
