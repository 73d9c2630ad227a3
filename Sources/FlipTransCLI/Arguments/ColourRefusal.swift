import FlipTransCore

/// Why a colour's text is refused, with the colour most likely meant: hex digits without their
/// `#` (which a shell drops with the rest of the line when unquoted) get it back.
enum ColourRefusal {
    static func reason(for text: String) -> String {
        let meant = Color(css: "#" + text) != nil ? "; did you mean '#\(text)'? (quote it: the shell reads an unquoted # as the start of a comment)" : ""
        return "'\(text)' is not a colour; use #rgb, #rrggbb, #rrggbbaa or transparent" + meant
    }
}
