import FlipTransCore
import Foundation

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
                let usage = parameter.kind == .flag ? "--\(parameter.name)" : "--\(parameter.name) <\(parameter.valueName)>"
                let defaultText = parameter.defaultText.map { " (default: \($0))" } ?? ""
                lines.append("    " + usage.padding(toLength: max(usage.count + 2, 28), withPad: " ", startingAt: 0)
                             + parameter.help + defaultText)
            }
        }
        return lines.joined(separator: "\n")
    }
}
