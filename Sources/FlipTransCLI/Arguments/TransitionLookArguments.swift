import ArgumentParser
import FlipTransCore

/// Which transition, and how it looks.
struct TransitionLookArguments: ParsableArguments {
    @Option(help: ArgumentHelp("The transition: \(TransitionRegistry.standard.names.joined(separator: ", ")) (and for a slideshow cycle, each in turn); each one's own options are in this help and in fliptrans transitions.", valueName: "name"),
            completion: .list(TransitionRegistry.standard.names), transform: { $0.lowercased() })
    var transition: String?

    @Option(name: .customLong(ParameterArguments.shorthandOption), help: .hidden)
    var shorthands: [String] = []

    @Option(name: .customLong(ParameterArguments.setOption), help: .hidden)
    var parameterValues: [String] = []

    @Option(help: ArgumentHelp("The way the transition moves: left, right, up or down. Default: " + TransitionLookArguments.defaultDirections + ".", valueName: "direction"))
    var direction: Direction?

    @Option(parsing: .unconditional, help: ArgumentHelp(SharedParameters.perspective.help, valueName: "pixels"), transform: DecimalArgument.read)
    var perspective: Double?

    // A transform leaves the parser no default to show: the help says it.
    @Option(parsing: .unconditional, help: ArgumentHelp(SharedParameters.shadow.help + " Default \(NumberRange.format(SharedParameters.defaultShadow)).", valueName: "strength"),
            transform: DecimalArgument.read)
    var shadow = SharedParameters.defaultShadow

    /// Each transition's default direction, its first: "left for flip, page; down for clock, cards".
    static var defaultDirections: String {
        var groups: [(direction: Direction, names: [String])] = []
        for type in TransitionRegistry.standard.types {
            guard let first = type.directions.first else { continue }
            if let index = groups.firstIndex(where: { $0.direction == first }) {
                groups[index].names.append(type.name)
            } else {
                groups.append((first, [type.name]))
            }
        }
        return groups.map { "\($0.direction.rawValue) for \($0.names.joined(separator: ", "))" }.joined(separator: "; ")
    }
}
