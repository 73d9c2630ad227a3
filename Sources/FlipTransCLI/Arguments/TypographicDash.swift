import Foundation

/// An option written with a typographic dash (`—duration`, `–-page`), as a word processor or a
/// web page turns `--` into when a command is copied from it: the parser took it for an image,
/// "2 unexpected arguments".
enum TypographicDash {
    private static let dashes: Set<Character> = ["\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2015}", "\u{2212}"]

    /// Why the first argument before `--` that is such a dash and an option's name (`—fps=30`;
    /// not a file, `—intro.png`, nor the output's name after `-o`) is refused, if one is.
    static func refusal(in arguments: [String]) -> String? {
        let given = Array(arguments.prefix { $0 != "--" })
        guard let argument = given.indices.first(where: { index in
            let argument = given[index], name = argument.drop { dashes.contains($0) || $0 == "-" }.prefix { $0 != "=" }
            return argument.first.map(dashes.contains) == true && name.first?.isLetter == true
                && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
                && (index == 0 || !["-o", "--output"].contains(given[index - 1]))
                && !FileManager.default.fileExists(atPath: argument)
        }).map({ given[$0] }) else { return nil }
        let name = argument.drop { dashes.contains($0) || $0 == "-" }
        return "'\(argument)' starts with a typographic dash (\(argument.first!)), as text copied from a document may; write --\(name)"
    }
}
