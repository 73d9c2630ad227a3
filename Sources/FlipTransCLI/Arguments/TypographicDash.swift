import Foundation

/// An option written with a typographic dash (`—duration`, `–-page`), as a word processor or a
/// web page turns `--` into when a command is copied from it: the parser took it for an image,
/// "2 unexpected arguments".
enum TypographicDash {
    private static let dashes: Set<Character> = ["\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2015}", "\u{2212}"]

    /// Why the first argument before `--` that starts with such a dash, and names no file, is
    /// refused, if one does.
    static func refusal(in arguments: [String]) -> String? {
        guard let argument = arguments.prefix(while: { $0 != "--" }).first(where: { argument in
            argument.first.map(dashes.contains) == true && !FileManager.default.fileExists(atPath: argument)
        }) else { return nil }
        let name = argument.drop { dashes.contains($0) || $0 == "-" }
        return "'\(argument)' starts with a typographic dash (\(argument.first!)), as text copied from a document may; write --\(name)"
    }
}
