import ArgumentParser
import FlipTransCore
import FlipTransMedia

/// `fliptrans transitions`: every registered transition with its directions, its own options
/// and its styles, from their declarations. `--styles` prints only the styles, one per line —
/// its name, a tab, and the arguments that choose it — for scripts such as Samples/gallery.sh,
/// so a new transition or style shows up in them without editing them.
struct TransitionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transitions",
        abstract: "List every transition with its directions, its own options and its styles.",
        discussion: """
            Examples:
              fliptrans transitions
              fliptrans transitions --styles | cut -f 1      # every style's name
              fliptrans transitions --styles | while IFS=$'\\t' read -r name arguments; do
                  fliptrans a.png b.png -o "$name.mp4" $arguments; done
            """
    )

    @Flag(help: "Print only the styles, one per line: the style's name, a tab, and the arguments that choose it.")
    var styles = false

    func run() throws {
        let registry = TransitionRegistry.standard
        // Written, not printed: a list that cannot be written (a full disk, a closed pipe) is an error.
        guard styles else {
            try StandardStream.output.write(TransitionHelp.text(for: registry, styles: true) + "\n"
                + "  \(TransitionCycle.name) (slideshow only): every transition above in turn, each time in its next style\n")
            return
        }
        try StandardStream.output.write(registry.styles.map { style in
            style.name + "\t" + TransitionHelp.arguments(choosing: style).joined(separator: " ") + "\n"
        }.joined())
    }
}
