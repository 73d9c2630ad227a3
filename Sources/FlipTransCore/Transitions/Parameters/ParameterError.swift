/// A value a transition parameter does not accept. It names the parameter, not an option or a
/// key: the command line says `--name`, a spec or job file `key 'name'`.
public struct ParameterError: Error, Equatable, CustomStringConvertible {
    public let parameter: String
    /// The value as given.
    public let value: String
    /// What would have been accepted: "between 0 and 4", "one of left, right".
    public let expected: String

    public init(parameter: String, value: String, expected: String) {
        self.parameter = parameter
        self.value = value
        self.expected = expected
    }

    /// The reason after the parameter's name: "must be between 0 and 4, got 5".
    public var reason: String { "must be \(expected), got \(value)" }

    public var description: String { "\(parameter) \(reason)" }
}
