import ArgumentParser
import FlipTransCore

/// Which transition, and how it looks.
struct TransitionLookArguments: ParsableArguments {
    @Option(help: ArgumentHelp("The transition: \(TransitionRegistry.standard.names.joined(separator: ", ")); each one's own options are in this help and in fliptrans transitions.", valueName: "name"),
            completion: .list(TransitionRegistry.standard.names))
    var transition: String?

    @Option(name: .customLong(ParameterArguments.shorthandOption), help: .hidden)
    var shorthands: [String] = []

    @Option(name: .customLong(ParameterArguments.setOption), help: .hidden)
    var parameterValues: [String] = []

    @Option(help: "The way the transition moves: left, right, up or down.")
    var direction: Direction?

    @Option(parsing: .unconditional, help: ArgumentHelp(SharedParameters.perspective.help, valueName: "pixels"))
    var perspective: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(SharedParameters.shadow.help, valueName: "strength"))
    var shadow = 1.0
}
