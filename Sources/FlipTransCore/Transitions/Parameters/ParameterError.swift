/// A value a parameter (a transition's, or an encoder's setting) does not accept. It names the
/// parameter, not an option or a key: the command line says `--name`, a spec or job file
/// `key 'name'`.
public struct ParameterError: Error, Equatable, CustomStringConvertible {
    /// The parameter's name, without dashes: `duration`, `pullback`, `gesture`.
    public let parameter: String
    /// The value as given.
    public let value: String
    /// What would have been accepted: "between 0 and 4", "one of left, right".
    public let expected: String
    /// True when the value is not of the kind the parameter takes at all — not a number, not one
    /// of its words — rather than a number out of range or a word another setting rules out: on a
    /// command line, a usage error, like any option's value its parser cannot read.
    public let isUnreadable: Bool

    /// The error for `value` given to `parameter`, which takes `expected`; `isUnreadable` when the
    /// value is not of the parameter's kind at all.
    public init(parameter: String, value: String, expected: String, isUnreadable: Bool = false) {
        self.parameter = parameter
        self.value = value
        self.expected = expected
        self.isUnreadable = isUnreadable
    }

    /// The reason after the parameter's name: "must be between 0 and 4, got 5".
    public var reason: String { "must be \(expected), got \(value)" + (isUnreadable ? DecimalComma.hint(for: value) : "") }

    public var description: String { "\(parameter) \(reason)" }
}
