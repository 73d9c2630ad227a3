/// What a user chose for one transition: the shared knobs (nil: the transition's default) and
/// values of the transition's own parameters. A transition reads what applies to it, so the same
/// settings serve every transition of `--transition cycle`.
public struct TransitionSettings: Sendable, Equatable {
    /// The way it moves (`--direction`); nil for the transition's default.
    public var direction: Direction?
    /// Eye distance D in pixels.
    public var perspective: Double?
    /// Multiplies every shading opacity; 0 turns shading off.
    public var shadow: Double
    /// Values of transitions' own parameters, by name; those a transition does not declare are
    /// left alone.
    public var parameters: ParameterValues

    /// Settings that leave everything at the transitions' defaults unless given. Nothing is checked
    /// here: each transition checks what it reads when it is made.
    public init(direction: Direction? = nil, perspective: Double? = nil, shadow: Double = SharedParameters.defaultShadow,
                parameters: ParameterValues = ParameterValues()) {
        self.direction = direction
        self.perspective = perspective
        self.shadow = shadow
        self.parameters = parameters
    }
}

/// The knobs every transition shares, declared once and checked here.
public enum SharedParameters {
    /// `--perspective`: the eye distance, above 0 pixels; no default value (each transition scales
    /// its own with the frame).
    public static let perspective = TransitionParameter.number(
        "perspective", .above(0, unit: "pixels"), default: nil,
        help: "Eye distance in pixels (CSS perspective). Default: the transition's own.", valueName: "pixels")
    /// The shading's strength when none is given: the transitions' own look.
    public static let defaultShadow = 1.0

    /// `--shadow`: 0 … 4, default 1.
    public static let shadow = TransitionParameter.number(
        "shadow", .between(0, 4), default: defaultShadow,
        help: "Multiplies the transition's shading: 1 is the default look, 0 turns it off.", valueName: "strength")

    /// `direction` if the transition of `type` can move that way.
    public static func check(_ direction: Direction, for type: any Transition.Type) throws -> Direction {
        guard type.directions.contains(direction) else {
            throw ParameterError(parameter: "direction", value: direction.rawValue,
                                 expected: "one of \(type.directions.map(\.rawValue).joined(separator: ", ")) for \(type.name)")
        }
        return direction
    }
}
