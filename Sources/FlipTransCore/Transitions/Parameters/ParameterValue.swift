/// A checked value of a `TransitionParameter`.
public enum ParameterValue: Sendable, Equatable, CustomStringConvertible {
    /// A number parameter's value, within its range.
    case number(Double)
    /// A choice parameter's value: one of its words.
    case choice(String)
    /// A flag's value: on (true) or off.
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
    /// The values given, by parameter name.
    public private(set) var values: [String: ParameterValue]

    /// Values by parameter name, taken as they are: `TransitionParameter.parse(_:)` and `check(_:)`
    /// are what check them.
    public init(_ values: [String: ParameterValue] = [:]) {
        self.values = values
    }

    /// The value given for parameter `name`, or nil; setting nil removes it. Nothing is checked.
    public subscript(name: String) -> ParameterValue? {
        get { values[name] }
        set { values[name] = newValue }
    }

    /// The number given for `name`; nil when none was given (or the value is not a number), so the
    /// caller uses its default.
    public func number(_ name: String) -> Double? {
        if case let .number(value)? = values[name] { return value }
        return nil
    }

    /// The flag given for `name`; false when none was given (flags are off by default).
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
