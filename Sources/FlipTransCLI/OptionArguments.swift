import ArgumentParser

/// Turns a mapping from a spec or job file into command-line arguments, so files use exactly the
/// command's option names and get exactly its parsing and checks: `duration: 1.5` becomes
/// `--duration 1.5`, `loop: true` becomes `--loop`, `false` leaves the flag out.
enum OptionArguments {
    static func arguments(from mapping: [String: Any], context: String) throws -> [String] {
        try mapping.keys.sorted().flatMap { key -> [String] in
            switch mapping[key]! {
            case let flag as Bool: return flag ? ["--\(key)"] : []
            case let number as Int: return ["--\(key)", String(number)]
            case let number as Double: return ["--\(key)", String(number)]
            case let text as String: return ["--\(key)", text]
            default: throw CLIError("\(context): key '\(key)' must be a number, text, true or false")
            }
        }
    }

    /// Parses `arguments` as `Command`, with errors reworded for a file: "unknown key 'x'".
    static func parse<Command: ParsableArguments>(_ type: Command.Type, _ arguments: [String], context: String) throws -> Command {
        do {
            return try Command.parse(arguments)
        } catch {
            let message = Command.message(for: error).split(separator: "\n").first.map(String.init) ?? ""
            throw CLIError("\(context): " + message.replacingOccurrences(of: "Unknown option", with: "unknown key")
                .replacingOccurrences(of: "'--", with: "'"))
        }
    }
}
