import ArgumentParser
import FlipTransCore
import FlipTransMedia
import Foundation

/// Turns a mapping from a spec or job file into command-line arguments, so files use exactly the
/// command's option names and get exactly its parsing and checks: `duration: 1.5` becomes
/// `--duration=1.5`, `loop: true` becomes `--loop`, `false` `--no-loop` (`--reverse=false` for a
/// transition's own switch; nothing for a switch with neither form).
enum OptionArguments {
    static func arguments(from mapping: [String: Any], context: String) throws -> [String] {
        try mapping.keys.sorted().flatMap { key -> [String] in
            // Only an option's name may become `--name`: a key such as `fps=5` or `-o` would
            // smuggle in other arguments, and `help` would print the help text. A name far longer
            // than any option's is none; the parser's guess at what it meant takes time growing
            // with its length squared (a megabyte's key took 9 s).
            guard isOptionName(key), key.utf8.count <= longestName, !builtInFlags.contains(key), !hiddenOptions.contains(key) else {
                // A key with an accent (`transítion`) is no option's name, but may be a slip for one.
                let meant = key.count <= longestName ? NameSuggestion.closest(to: key, among: keyNames) : nil
                throw CLIError("\(context): unknown key '\(key)'" + (meant.map { ". Did you mean '\($0)'?" } ?? ""))
            }
            // `--name=value` is one argument: a value such as "--loop" stays a value.
            switch mapping[key]! {
            case let text as String:
                // `"loop": "true"` was told, in the parser's words, that the option takes no value.
                // JSON has no `yes`: `"yes"` is told of true and false, as `"true"` is of its quotes.
                guard !switches.contains(key) else {
                    let word = text.lowercased()
                    var hint = ""
                    if ["true", "false"].contains(word) {
                        hint = " (write \(word) without quotes)"
                    } else if SwitchValue.words.contains(word) {
                        hint = " (write true or false, without quotes)"
                    }
                    throw CLIError("\(context): key '\(key)' takes true or false, not the text '\(text)'" + hint)
                }
                return ["--\(key)=\(text)"]
            case let number as NSNumber where number.isJSONBoolean:
                // `"fps": true` made `--fps`, which took the next argument as its value.
                guard !valuedOptions.contains(key) else {
                    throw CLIError("\(context): key '\(key)' takes a value, not \(number.boolValue)")
                }
                // `false` turns a switch with a `--no-` form off (a spec's `loop: true` beside a job's
                // `false`), and a transition's own (a slide's `reverse: false` beside the show's `true`).
                if number.boolValue { return ["--\(key)"] }
                if transitionSwitches.contains(key) { return ["--\(key)=false"] }
                return switchesTurnedOff.contains(key) ? ["--no-\(key)"] : []
            case let number as NSNumber:
                // `loop: 1` was told, in the parser's words, that the option takes no value.
                guard !switches.contains(key) else {
                    throw CLIError("\(context): key '\(key)' takes true or false, not the number \(number)")
                }
                switch String(cString: number.objCType) {
                case "d", "f":
                    // 30.0 is 30 to an option that takes whole numbers (`fps`, `crf`); a double
                    // option reads "30" as well.
                    let value = number.doubleValue
                    return ["--\(key)=" + (Int(exactly: value).map(String.init) ?? "\(value)")]
                default: return ["--\(key)=\(number.stringValue)"]
                }
            case is NSNull:
                throw SpecDocument.noValue(key, context: context)
            // A list or a mapping under a name no option has is an unknown key (another tool's
            // 'clips'), not a value of the wrong kind: left for the command's parser to name as
            // it names every unknown key, with what it may have meant ('slide': 'slides').
            default:
                guard knownKeys.contains(key) else { return ["--\(key)"] }
                let given = mapping[key] is [Any] ? "a list" : mapping[key] is [String: Any] ? "a mapping" : "another kind of value"
                throw CLIError("\(context): key '\(key)' must be a number, text, true or false, not \(given)")
            }
        }
    }

    /// A letter, then letters, digits, `_` and `-` (all ASCII); tested by hand, as a regular
    /// expression per key took a fifth of the time of planning a large job file.
    private static func isOptionName(_ key: String) -> Bool {
        guard let first = key.utf8.first, first.isLetter else { return false }
        return key.utf8.allSatisfy { $0.isLetter || UInt8(ascii: "0")...UInt8(ascii: "9") ~= $0 || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    /// Every name a key may have, for a suggestion.
    private static let keyNames = valuedOptions.union(switches).subtracting(builtInFlags).subtracting(hiddenOptions).sorted()

    /// The options of the commands and the transitions' own that take a value (`fps`, `size`,
    /// `pullback`), found once; a transition's name (`fold`) chooses it with `true`.
    private static let valuedOptions = Set([RenderCommand.self, SlideshowCommand.self, BatchCommand.self as any ParsableArguments.Type]
        .flatMap { OptionSuggestion.longOptions(of: $0, kind: "option") })
        .union(TransitionRegistry.standard.parameters.filter { $0.kind != .flag && !TransitionRegistry.standard.names.contains($0.name) }.map(\.name))

    /// The switches (`loop`, `no-loop`, `unfold`): true or false, never text.
    private static let switches = Set([RenderCommand.self, SlideshowCommand.self, BatchCommand.self as any ParsableArguments.Type]
        .flatMap { OptionSuggestion.longOptions(of: $0, kind: "flag") })
        .union(transitionSwitches)

    /// The transitions' own switches (`reverse`, `unfold`), which read `--reverse=false`.
    private static let transitionSwitches = Set(TransitionRegistry.standard.parameters
        .filter { $0.kind == .flag && !TransitionRegistry.standard.names.contains($0.name) }.map(\.name))

    /// Every option's name and every transition's, with their own options'.
    private static let knownKeys = Set([RenderCommand.self, SlideshowCommand.self, BatchCommand.self as any ParsableArguments.Type]
        .flatMap { OptionSuggestion.longOptions(of: $0) })
        .union(TransitionRegistry.standard.parameters.map(\.name)).union(TransitionRegistry.standard.names)

    /// The switches that have a `--no-` form (`loop`, `allow-damaged`), found once.
    private static let switchesTurnedOff = Set([RenderCommand.self, SlideshowCommand.self, BatchCommand.self as any ParsableArguments.Type]
        .flatMap { OptionSuggestion.longOptions(of: $0, kind: "flag") }.filter { $0.hasPrefix("no-") }.map { String($0.dropFirst(3)) })

    /// The longest name a key may have: an option's, with room for a slip or two.
    private static let longestName = (knownKeys.map(\.utf8.count).max() ?? 0) + 3

    /// The options the command line's own parsing adds (a transition's words, `--fold cubic`,
    /// become them): never a file's keys.
    private static let hiddenOptions: Set = [ParameterArguments.shorthandOption, ParameterArguments.setOption]

    /// The flags swift-argument-parser adds to every command.
    private static let builtInFlags: Set = ["help", "help-hidden", "version", "generate-completion-script", "experimental-dump-help"]

    /// Parses `mapping` as `Command`'s options. When that fails and more than one key is unknown
    /// or has a value the parser refuses, each is reported (`InputProblems`), not just the first
    /// (`refusedKeys`). `alsoMeant` are keys the file takes beside the command's options, which
    /// an unknown key may be a slip for (a slide's `caption`).
    static func parse<Command: ParsableArguments>(_ type: Command.Type, mapping: [String: Any],
                                                  context: String, alsoMeant: [String] = []) throws -> Command {
        do {
            return try parse(type, arguments(from: mapping, context: context), context: context, alsoMeant: alsoMeant)
        } catch {
            let refused = refusedKeys(type, mapping: mapping, context: context, alsoMeant: alsoMeant)
            if refused.count > 1 { throw InputProblems(problems: refused.map(\.problem)) }
            throw error
        }
    }

    /// The keys of `mapping` that are unknown or whose values the parser refuses, each with its
    /// problem, in the keys' order: found by trying each key alone (a value the parser reads
    /// depends on no other key), for a mapping whose whole parse failed.
    static func refusedKeys<Command: ParsableArguments>(_ type: Command.Type, mapping: [String: Any], context: String,
                                                        alsoMeant: [String] = []) -> [(key: String, problem: Error)] {
        mapping.keys.sorted().compactMap { key in
            do {
                _ = try parse(type, try arguments(from: [key: mapping[key]!], context: context), context: context, alsoMeant: alsoMeant)
                return nil
            } catch {
                return (key, error)
            }
        }
    }

    /// Parses `arguments` as `Command`, with errors reworded for a file: "unknown key 'x'".
    static func parse<Command: ParsableArguments>(_ type: Command.Type, _ arguments: [String], context: String,
                                                  alsoMeant: [String] = []) throws -> Command {
        do {
            return try Command.parse(ParameterArguments.expand(arguments))
        } catch {
            let message = (error as? CLIError)?.message ?? (error as? UsageError)?.message
                ?? OptionSuggestion.reworded(Command.message(for: error), command: Command.self, alsoMeant: alsoMeant, arguments: arguments)
            throw CLIError("\(context): " + asKey(message).replacingOccurrences(of: "Unknown option", with: "unknown key")
                .replacingOccurrences(of: "'--", with: "'"))
        }
    }

    /// The parser's words for a value it cannot read, as a file's key is spoken of: "key
    /// 'direction' must be one of left, right, up, down, got 'upp' (did you mean 'up'?)" for
    /// "The value 'upp' is invalid for '--direction <direction>'. Please provide one of 'left',
    /// 'right', 'up' or 'down'. Did you mean 'up'?"; "key 'shadow' takes a number, got 'abc'" for
    /// "…: it takes a number"; "key 'hold' has no value" for "Missing value for '--hold <seconds>'".
    static func asKey(_ message: String) -> String {
        if let match = message.wholeMatch(of: #/Missing value for '--(?<key>[^ ']+)[^']*'(?<rest>.*)/#.dotMatchesNewlines()) {
            return "key '\(match.key)' has no value" + match.rest
        }
        guard let match = message.wholeMatch(of: #/The value '(?<value>.*)' is invalid for '--(?<key>[^ ']+)[^']*'(?<rest>.*)/#.dotMatchesNewlines()) else { return message }
        let (value, key) = (match.value, match.key)
        var rest = Substring(match.rest), suggestion = ""
        if let meant = rest.firstMatch(of: #/ Did you mean '(?<word>[^']*)'\?$/#) {
            suggestion = " (did you mean '\(meant.word)'?)"
            rest = rest[..<meant.range.lowerBound]
        }
        if let list = rest.wholeMatch(of: #/\. Please provide one of (?<words>.*)\./#) {
            let words = list.words.matches(of: #/'(?<word>[^']*)'/#).map { String($0.word) }.joined(separator: ", ")
            return "key '\(key)' must be one of \(words), got '\(value)'" + suggestion
        }
        guard rest.hasPrefix(": ") else { return message }
        var reason = rest.dropFirst(2)
        if reason.hasPrefix("it ") { reason = reason.dropFirst(3) }
        // A hint in brackets stays last: "takes a number, got '1,5' (write decimals with a point: 1.5)".
        let hint = reason.hasSuffix(")") ? reason.range(of: " (").map { reason[$0.lowerBound...] } ?? "" : ""
        return "key '\(key)' \(reason.dropLast(hint.count)), got '\(value)'\(hint)" + suggestion
    }
}

private extension UInt8 {
    /// An ASCII letter.
    var isLetter: Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) }
}
