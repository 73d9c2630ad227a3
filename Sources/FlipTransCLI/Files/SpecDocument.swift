import FlipTransCore
import Foundation
import Yams

/// Reads a spec file (YAML, or JSON, which is YAML too) into plain values, refusing first what
/// could exhaust or crash the reader: a file over 1 MiB (a 1000-slide spec is about 30 KiB),
/// nesting deeper than a spec ever needs, YAML aliases and merge keys, and keys that are lists or
/// mappings, and keys given twice (see `YAMLStructure`). Every refusal is a one-line error naming
/// the file.
struct SpecDocument {
    /// The extensions a spec's name ends in.
    static let extensions = ["yaml", "yml", "json"]
    static let largestFile = 1 << 20
    static let deepestNesting = 32

    /// The document as plain values: mappings, lists, text, numbers, booleans.
    let value: Any?
    /// Where relative paths in it start (see `TextFile`).
    let folder: String

    init(contentsOf path: String) throws {
        let file = try TextFile(path, kind: "spec", largest: Self.largestFile)
        folder = file.folder
        value = try Self.load(file.text, path: path)
    }

    private static func load(_ text: String, path: String) throws -> Any? {
        // A byte-order mark, as some editors write, is no part of the document (libyaml reads it
        // as content in a YAML file, though not in JSON).
        let text = joiningSurrogatePairs(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
        let structure = YAMLStructure(of: text, depthLimit: deepestNesting)
        guard structure.depth <= deepestNesting else {
            throw CLIError("\(path): nested more than \(deepestNesting) levels deep; a spec is a mapping of options with a 'slides' list")
        }
        if let alias = structure.alias {
            throw CLIError("\(path): YAML aliases such as '*\(alias)' are not supported in a spec")
        }
        guard !structure.hasMergeKey else {
            throw CLIError("\(path): YAML merge keys ('<<') are not supported in a spec")
        }
        guard !structure.hasCollectionKey else {
            throw CLIError("\(path): a key is a list or a mapping; keys in a spec are option names")
        }
        if let key = structure.duplicateKey {
            throw CLIError("\(path): duplicate key '\(key)'")
        }
        let value: Any?
        do {
            value = try Yams.compose(yaml: text).map { plain($0) }
        } catch {
            throw CLIError("\(path): not valid YAML or JSON (\(Self.problem(error)))")
        }
        try NULCharacter.refuse(in: value, context: path)
        return value
    }

    /// JSON writes a character beyond the first 65,536 (an emoji) as two escapes, a surrogate
    /// pair (`"\ud83d\ude00"`), as JSON encoders do by default; YAML, which reads the spec, refuses
    /// a lone surrogate and has its own escape for such characters (`\U0001F600`). In a JSON
    /// document, where every such escape is inside a quoted string, each pair becomes that escape.
    static func joiningSurrogatePairs(_ text: String) -> String {
        guard text.drop(while: \.isWhitespace).first.map("{[".contains) == true else { return text }
        // A pair not itself escaped: preceded by an even number of backslashes.
        let pattern = #"(?<!\\)((?:\\\\)*)\\u([dD][89abAB][0-9a-fA-F]{2})\\u([dD][c-fC-F][0-9a-fA-F]{2})"#
        let expression = try! NSRegularExpression(pattern: pattern)
        var joined = text
        for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
            let part = { (group: Int) in String(text[Range(match.range(at: group), in: text)!]) }
            let scalar = 0x10000 + ((Int(part(2), radix: 16)! - 0xD800) << 10) + (Int(part(3), radix: 16)! - 0xDC00)
            let hex = String(scalar, radix: 16, uppercase: true)
            joined.replaceSubrange(Range(match.range, in: joined)!, with: part(1) + "\\U" + String(repeating: "0", count: 8 - hex.count) + hex)
        }
        return joined
    }

    /// The node as Yams's plain values, except that the value of a key that is always text
    /// (`SlideLookKeys.textKeys`) is its text as written: YAML reads an unquoted `12:30` as the
    /// number 750, `1.10` as 1.1 and `0x1F` as 31, which a title would then show. Numbers are
    /// read as the command line reads them.
    private static func plain(_ node: Node, asWritten: Bool = false) -> Any {
        switch node {
        // Quoted, `null` is text; plain, it (or `~`, or nothing) is no value at all.
        case let .scalar(scalar) where asWritten && !(Constructor.default.any(from: node) is NSNull):
            return scalar.string
        case let .mapping(mapping):
            var values: [AnyHashable: Any] = [:]
            for (key, value) in mapping {
                let name = Constructor.default.any(from: key) as? AnyHashable ?? AnyHashable(key.string ?? "")
                values[name] = plain(value, asWritten: key.string.map(SlideLookKeys.textKeys.contains) ?? false)
            }
            return values
        case let .sequence(sequence):
            return sequence.map { plain($0) }
        case let .scalar(scalar):
            // YAML also reads `020` as octal (16), `1:05` as sixties (65) and `0x10`, `.inf`
            // and `1_000` as numbers, none of which the command line takes: a number is read
            // from its decimals, as there, or left as its text for the option to refuse.
            let value = Constructor.default.any(from: node)
            guard value is Int || value is Double else { return value }
            return Int(scalar.string) ?? DecimalNumber.read(scalar.string) ?? scalar.string
        default:
            return Constructor.default.any(from: node)
        }
    }

    /// A key written with no value: for a colour's key, in YAML that is also what an unquoted
    /// colour gives, as `#` starts a comment (`background: #101010`).
    static func noValue(_ key: String, context: String) -> CLIError {
        let colour = ["background", "color", "caption-color"].contains(key) ? " (in YAML, # starts a comment: write a colour in quotes, '#101010')" : ""
        return CLIError("\(context): key '\(key)' has no value" + colour)
    }

    /// Yams's message without the lines of source it quotes: "line 5, column 1: found character
    /// that cannot start any token".
    private static func problem(_ error: Error) -> String {
        switch error as? YamlError {
        case let .scanner(context, problem, mark, _)?, let .parser(context, problem, mark, _)?, let .composer(context, problem, mark, _)?:
            return "line \(mark.line), column \(mark.column): " + (context.map { $0.text + ", " } ?? "") + problem
        case let .reader(problem, _, _, _)?:
            return problem
        default:
            return "\(error)"
        }
    }
}
