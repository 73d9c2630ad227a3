import FlipTransCore

/// The help for every registered transition's own options, written from their declarations,
/// for the commands' `--help`.
enum TransitionHelp {
    static var text: String { text(for: .standard) }

    static func text(for registry: TransitionRegistry) -> String {
        var lines = ["Transitions (--transition NAME, or --NAME) and their own options:"]
        for type in registry.types {
            let directions = type.directions.isEmpty ? "no --direction" : "--direction " + type.directions.map(\.rawValue).joined(separator: "|")
            lines.append("  \(type.name) (\(directions))")
            for parameter in type.parameters {
                lines.append(parameter.kind == .flag ? "    --\(parameter.name)" : "    --\(parameter.name) <\(parameter.valueName)>")
                lines += wrapped(parameter.help + (parameter.defaultText.map { " (default: \($0))" } ?? ""), indent: 8)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `text` in lines of at most 79 characters, each indented: the help printer wraps longer
    /// lines without indenting them.
    private static func wrapped(_ text: String, indent: Int) -> [String] {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = margin
        for word in text.split(separator: " ") {
            if line.count > indent, line.count + 1 + word.count > 79 {
                lines.append(line)
                line = margin
            }
            line += (line.count > indent ? " " : "") + word
        }
        return lines + [line]
    }
}
