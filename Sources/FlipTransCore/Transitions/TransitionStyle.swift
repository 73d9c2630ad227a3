/// One look of a transition: a direction (if it has any) and a value for each of its style
/// parameters — "page-up-reverse", "fold-cubic-horizontal". The contract tests render every
/// style; `--transition cycle` turns through them.
public struct TransitionStyle: Sendable {
    /// The transition's type, which `make(over:)` builds.
    public let type: any Transition.Type
    /// Its direction; nil for a transition without any (the fold) or when the style keeps the
    /// direction already chosen.
    public let direction: Direction?
    /// A value for each of its style parameters that the style sets.
    public let values: ParameterValues

    /// The transition's name, then the direction and the style values that are not off:
    /// "flip-left", "page-left-reverse", "fold-normal-vertical-unfold".
    public var name: String {
        let styleParameters = type.parameters.filter(\.isStyle)
        let words = styleParameters.compactMap { parameter -> String? in
            switch values[parameter.name] {
            case let .choice(word)?: word
            case .flag(true)?: parameter.name
            default: nil
            }
        }
        return ([type.name] + (direction.map { [$0.rawValue] } ?? []) + words).joined(separator: "-")
    }

    /// `base` with this style's direction and style values put in.
    public func settings(over base: TransitionSettings) -> TransitionSettings {
        var settings = base
        if let direction { settings.direction = direction }
        for (name, value) in values.values { settings.parameters[name] = value }
        return settings
    }

    /// The transition in this style, over `base`'s other settings. Throws what the transition's
    /// `init(settings:)` throws.
    public func make(over base: TransitionSettings = TransitionSettings()) throws -> any Transition {
        try type.init(settings: settings(over: base))
    }

    /// Every style of `type` that keeps what `base` already chose: directions vary fastest,
    /// then each style parameter in the order declared. A direction in `base` that `type` cannot
    /// move in (the clock's or the cards' `left`) is not kept: its own directions are gone through instead.
    public static func all(of type: any Transition.Type, keeping base: TransitionSettings = TransitionSettings()) -> [TransitionStyle] {
        let keepsDirection = base.direction.map(type.directions.contains) ?? false
        let directions: [Direction?] = keepsDirection || type.directions.isEmpty ? [nil] : type.directions
        var combinations: [ParameterValues] = [ParameterValues()]
        for parameter in type.parameters where parameter.isStyle && base.parameters[parameter.name] == nil {
            combinations = parameter.styleValues.flatMap { value in
                combinations.map { combination in
                    var extended = combination
                    extended[parameter.name] = value
                    return extended
                }
            }
        }
        return combinations.flatMap { values in
            directions.map { TransitionStyle(type: type, direction: $0, values: values) }
        }
    }
}
