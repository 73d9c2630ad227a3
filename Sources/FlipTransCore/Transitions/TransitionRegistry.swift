/// Transitions by name, as the command line and specs refer to them.
public struct TransitionRegistry: Sendable {
    public typealias Factory = @Sendable (TransitionOptions) throws -> any Transition

    private var factories: [(name: String, make: Factory)] = []

    public init() {}

    /// Every transition fliptrans ships with.
    public static let standard: TransitionRegistry = {
        var registry = TransitionRegistry()
        registry.register("flip") { try Flip(options: $0) }
        registry.register("page") { try Page(options: $0) }
        registry.register("fold") { try Fold(options: $0) }
        return registry
    }()

    public mutating func register(_ name: String, make: @escaping Factory) {
        factories.removeAll { $0.name == name }
        factories.append((name, make))
    }

    public var names: [String] { factories.map(\.name) }

    public func make(_ name: String, options: TransitionOptions) throws -> any Transition {
        guard let factory = factories.first(where: { $0.name == name })?.make else {
            throw TransitionError.unknownTransition(name, known: names)
        }
        return try factory(options)
    }
}

/// A transition that cannot be made as asked.
public enum TransitionError: Error, Equatable, CustomStringConvertible {
    case unknownTransition(String, known: [String])
    case invalidOption(String)

    public var description: String {
        switch self {
        case let .unknownTransition(name, known):
            "unknown transition '\(name)' (available: \(known.joined(separator: ", ")))"
        case let .invalidOption(message):
            message
        }
    }
}
