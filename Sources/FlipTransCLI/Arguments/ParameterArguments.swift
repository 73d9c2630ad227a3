import FlipTransCore
import Foundation

/// Turns the options that transitions declare (`TransitionRegistry`) into arguments
/// swift-argument-parser can read, before it reads them: its options are fixed when the program
/// is compiled, but a registered transition brings its own.
///
/// - a transition's name is a shorthand for choosing it: `--page` is `--transition page`; if the
///   transition has a parameter of its own name, `--fold cubic` (or `--fold=cubic`) also sets
///   it, and a bare `--fold` keeps its default;
/// - a parameter `--pullback 0.9`, `--pullback=0.9` or a flag `--reverse` becomes
///   `--set pullback=0.9` (`--set reverse=true`), checked later against its declaration.
///
/// Specs and job files, whose keys become `--key=value` arguments, go through the same rewrite.
enum ParameterArguments {
    /// The hidden options the rewrite produces.
    static let shorthandOption = "transition-shorthand"
    static let setOption = "set"

    static func expand(_ arguments: [String], registry: TransitionRegistry = .standard) -> [String] {
        let parameters = Dictionary(registry.parameters.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var expanded: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument != "--" else {
                expanded += arguments[(index - 1)...]
                break
            }
            guard argument.hasPrefix("--") else {
                expanded.append(argument)
                continue
            }
            let (name, inlineValue) = split(argument.dropFirst(2))
            /// The value: inline, or the next argument when `accepts` it.
            func value(accepting accepts: (String) -> Bool) -> String? {
                if let inlineValue { return inlineValue }
                guard index < arguments.count, accepts(arguments[index]) else { return nil }
                index += 1
                return arguments[index - 1]
            }
            if registry.names.contains(name) {
                expanded += ["--\(shorthandOption)", name]
                // Its word in any case, or a slip for one that is no file (`--fold cubc`, which was
                // taken for an image): the parameter then says what it takes.
                if let own = parameters[name], case let .choice(words) = own.kind,
                   let word = value(accepting: { words.contains($0.lowercased())
                       || (NameSuggestion.closest(to: $0, among: words) != nil && !FileManager.default.fileExists(atPath: $0)) }) {
                    expanded += ["--\(setOption)", "\(name)=\(word.lowercased())"]
                } else if let inlineValue, inlineValue != "true" {
                    // `page: yes` in a spec: no parameter takes it; let the parser say so.
                    expanded.append(argument)
                }
            } else if let parameter = parameters[name] {
                let given = parameter.kind == .flag ? inlineValue ?? "true" : value(accepting: { !$0.hasPrefix("--") })
                expanded += ["--\(setOption)", given.map { "\(name)=\($0)" } ?? name]
            } else {
                expanded.append(argument)
            }
        }
        return expanded
    }

    /// "name=value" → (name, value); "name" → (name, nil).
    static func split(_ text: Substring) -> (name: String, value: String?) {
        guard let equals = text.firstIndex(of: "=") else { return (String(text), nil) }
        return (String(text[..<equals]), String(text[text.index(after: equals)...]))
    }

    /// The values of `--set` arguments, each checked against the parameter it names; a later
    /// value for the same parameter wins (a slide's over the spec's).
    static func values(_ assignments: [String], registry: TransitionRegistry = .standard) throws -> ParameterValues {
        var values = ParameterValues()
        for assignment in assignments {
            let (name, text) = split(Substring(assignment))
            guard let parameter = registry.parameters.first(where: { $0.name == name }) else {
                throw CLIError("unknown option '--\(name)'")
            }
            guard let text else {
                throw UsageError(message: "Missing value for '--\(name) <\(parameter.valueName)>'",
                                 hint: UsageError.transitionsHint)
            }
            values[name] = try parameter.parse(text)
        }
        return values
    }
}
