/// A checked value of a `TransitionParameter`.
public enum ParameterValue: Sendable, Equatable, CustomStringConvertible {
    case number(Double)
    case choice(String)
    case flag(Bool)

    /// As it would be written on the command line.
    public var description: String {
        switch self {
        case let .number(value): NumberRange.format(value)
        case let .choice(word): word
        case let .flag(on): on ? "true" : "false"
        }
    }
}

/// The values given for a transition's own parameters, by name; a parameter not given has its
/// default, which the transition supplies when it reads the value.
public struct ParameterValues: Sendable, Equatable {
    public private(set) var values: [String: ParameterValue]

    public init(_ values: [String: ParameterValue] = [:]) {
        self.values = values
    }

    public subscript(name: String) -> ParameterValue? {
        get { values[name] }
        set { values[name] = newValue }
    }

    public func number(_ name: String) -> Double? {
        if case let .number(value)? = values[name] { return value }
        return nil
    }

    public func flag(_ name: String) -> Bool {
        if case let .flag(on)? = values[name] { return on }
        return false
    }

    /// The word given for `name`, as the enum whose raw values are the parameter's choices.
    public func choice<Choice: RawRepresentable>(_ name: String, as type: Choice.Type) -> Choice? where Choice.RawValue == String {
        if case let .choice(word)? = values[name] { return Choice(rawValue: word) }
        return nil
    }
}
