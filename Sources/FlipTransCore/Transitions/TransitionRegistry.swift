/// Transitions by name, as the command line, specs and job files refer to them. Everything that
/// lists transitions or their parameters asks the registry, so a registered transition is
/// everywhere at once.
public struct TransitionRegistry: Sendable {
    /// The transitions, in the order registered (one that replaced another comes last).
    public private(set) var types: [any Transition.Type] = []

    /// A registry of `types`; of several with the same name, the last is kept.
    public init(_ types: [any Transition.Type] = []) {
        for type in types { register(type) }
    }

    /// Every transition fliptrans ships with.
    public static let standard = TransitionRegistry([Flip.self, Page.self, Fold.self, Clock.self, Cards.self])

    /// Adds `type`, replacing one of the same name.
    public mutating func register(_ type: any Transition.Type) {
        types.removeAll { $0.name == type.name }
        types.append(type)
    }

    /// The transitions' names, in the order of `types`.
    public var names: [String] { types.map { $0.name } }

    /// The transition called `name`. Throws `TransitionError.unknownTransition` (with a suggestion
    /// of the closest name) when none is.
    public func type(named name: String) throws -> any Transition.Type {
        guard let type = types.first(where: { $0.name == name }) else {
            throw TransitionError.unknownTransition(name, known: names)
        }
        return type
    }

    /// The transition called `name`, made from `settings`. Throws `TransitionError` for an unknown
    /// name and the transition's `ParameterError` for a value it does not accept.
    public func make(_ name: String, settings: TransitionSettings) throws -> any Transition {
        try type(named: name).init(settings: settings)
    }

    /// Every transition's own parameters, each name once, in registration order. Transitions
    /// that declare a parameter of the same name share it (one option, one key).
    public var parameters: [TransitionParameter] {
        var seen: Set<String> = []
        return types.flatMap { $0.parameters }.filter { seen.insert($0.name).inserted }
    }

    /// Every look of every transition: each direction and each combination of style values.
    public var styles: [TransitionStyle] {
        types.flatMap { TransitionStyle.all(of: $0) }
    }
}

/// A transition that cannot be made as asked.
public enum TransitionError: Error, Equatable, CustomStringConvertible {
    /// No transition is registered under the name; `known` lists the names that are.
    case unknownTransition(String, known: [String])
    /// The transition built a scene of another size than the frame's (`Transition.scene`).
    case sceneSize(transition: String, scene: PixelSize, frame: PixelSize)

    public var description: String {
        switch self {
        case let .unknownTransition(name, known):
            "unknown transition '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
                + " (available: \(known.joined(separator: ", ")))"
        case let .sceneSize(transition, scene, frame):
            "transition '\(transition)' built a \(scene) scene for a \(frame) frame; a scene has the size of the images it is given"
        }
    }

    /// The transition most likely meant.
    public var suggestion: String? {
        switch self {
        case let .unknownTransition(name, known): NameSuggestion.closest(to: name, among: known)
        case .sceneSize: nil
        }
    }
}
