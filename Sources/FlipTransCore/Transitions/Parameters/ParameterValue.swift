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

    /// The number given for `name`; nil when none was given, so the caller uses its default. A
    /// value of another kind is refused: it would otherwise leave the default in silence.
    public func number(_ name: String) throws -> Double? {
        switch values[name] {
        case nil: return nil
        case let .number(value)?: return value
        case let other?: throw Self.wrongKind(name, other, expected: "a number")
        }
    }

    /// The flag given for `name`; false when none was given (flags are off by default). A value
    /// of another kind is refused.
    public func flag(_ name: String) throws -> Bool {
        switch values[name] {
        case nil: return false
        case let .flag(on)?: return on
        case let other?: throw Self.wrongKind(name, other, expected: "true or false")
        }
    }

    /// The word given for `name`, as the enum whose raw values are the parameter's choices; nil
    /// when none was given. Another word, or a value of another kind, is refused.
    public func choice<Choice: RawRepresentable & CaseIterable>(_ name: String, as type: Choice.Type) throws -> Choice?
        where Choice.RawValue == String {
        guard let value = values[name] else { return nil }
        guard case let .choice(word) = value, let choice = Choice(rawValue: word) else {
            throw Self.wrongKind(name, value, expected: "one of " + Choice.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return choice
    }

    private static func wrongKind(_ name: String, _ value: ParameterValue, expected: String) -> ParameterError {
        ParameterError(parameter: name, value: "'\(value)'", expected: expected, isUnreadable: true)
    }
}
