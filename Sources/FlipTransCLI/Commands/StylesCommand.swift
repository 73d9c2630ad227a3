import ArgumentParser
import FlipTransCore

/// `fliptrans styles`: every look of every registered transition, one per line — its name, a
/// tab, and the arguments that choose it — for scripts such as Samples/gallery.sh, so a new
/// transition or style shows up in them without editing them.
struct StylesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "styles",
        abstract: "List every transition style and the arguments that choose it (name, a tab, the arguments)."
    )

    func run() throws {
        for style in TransitionRegistry.standard.styles {
            var arguments = ["--transition", style.type.name]
            if let direction = style.direction { arguments += ["--direction", direction.rawValue] }
            for (name, value) in style.values.values.sorted(by: { $0.key < $1.key }) {
                arguments += ["--set", "\(name)=\(value)"]
            }
            print(style.name + "\t" + arguments.joined(separator: " "))
        }
    }
}
