import FlipTransCore

/// Every registered transition with its directions and its own options, and optionally its
/// styles, written from their declarations: the commands' `--help` and `fliptrans transitions`
/// print it, so a registered transition shows up in both without editing either.
enum TransitionHelp {
    static var text: String { text(for: .standard) + "\n\nEvery style of each, and the arguments that choose it: fliptrans transitions" }

    static func text(for registry: TransitionRegistry, styles: Bool = false) -> String {
        var lines = ["Transitions (--transition NAME, or --NAME) and their own options:"]
        for type in registry.types {
            let directions = type.directions.isEmpty ? "no --direction" : "--direction " + type.directions.map(\.rawValue).joined(separator: "|")
            lines.append("  \(type.name) (\(directions))")
            for parameter in type.parameters {
                lines.append(parameter.kind == .flag ? "    --\(parameter.name)" : "    --\(parameter.name) <\(parameter.valueName)>")
                lines += wrapped(parameter.help + (parameter.defaultText.map { " (default: \($0))" } ?? ""), indent: 8)
            }
            guard styles else { continue }
            let typeStyles = TransitionStyle.all(of: type)
            let width = typeStyles.map(\.name.count).max() ?? 0
            lines.append("    styles:")
            lines += typeStyles.map { style in
                "      " + style.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + arguments(choosing: style).joined(separator: " ")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The keys that choose `style` in a spec or job file: "transition: fold", "fold: cubic", "unfold: true".
    static func keys(choosing style: TransitionStyle) -> [String] {
        var keys = ["transition: \(style.type.name)"]
        if let direction = style.direction { keys.append("direction: \(direction.rawValue)") }
        for parameter in style.type.parameters {
            switch style.values[parameter.name] {
            case .flag(true)?: keys.append("\(parameter.name): true")
            case .flag(false)?, nil: break
            case let value?: keys.append("\(parameter.name): \(value.description)")
            }
        }
        return keys
    }

    /// The arguments that choose `style`, as a user writes them: "--transition fold --fold cubic --unfold".
    static func arguments(choosing style: TransitionStyle) -> [String] {
        var arguments = ["--transition", style.type.name]
        if let direction = style.direction { arguments += ["--direction", direction.rawValue] }
        for parameter in style.type.parameters {
            switch style.values[parameter.name] {
            case .flag(true)?: arguments.append("--\(parameter.name)")
            case .flag(false)?, nil: break
            case let value?: arguments += ["--\(parameter.name)", value.description]
            }
        }
        return arguments
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
