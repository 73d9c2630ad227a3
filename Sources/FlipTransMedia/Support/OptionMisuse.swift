/// An option given where it can do nothing, or whose value the output refuses, worded where the
/// user gave it: `--pullback is an option of flip, …; … choose --transition flip` on the command
/// line, `key 'pullback' is an option of flip, …; … choose 'transition: flip'` in a spec or a job
/// file. (A value out of a parameter's own range is a `ParameterError`.)
public struct OptionMisuse: Error, CustomStringConvertible {
    /// How a place names an option (`--gesture`, `'gesture'`) and an option with its value
    /// (`--transition flip`, `'transition: flip'`).
    public struct Wording: Sendable {
        /// An option's name as the place writes it.
        public let option: @Sendable (String) -> String
        /// An option with its value as the place writes it.
        public let setting: @Sendable (String, String) -> String

        /// The command line's: `--gesture`, `--transition flip`.
        public static let commandLine = Wording(option: { "--" + $0 }, setting: { "--\($0) \($1)" })
        /// A spec's or a job file's: `'gesture'`, `'transition: flip'`.
        public static let file = Wording(option: { "'\($0)'" }, setting: { "'\($0): \($1)'" })
    }

    /// The option's name, without dashes.
    public let option: String
    /// What follows the option's name, in a place's wording.
    public let reason: @Sendable (Wording) -> String

    /// `option` refused for what `reason` says, in the wording it is given.
    public init(option: String, reason: @escaping @Sendable (Wording) -> String) {
        self.option = option
        self.reason = reason
    }

    public var description: String { "--\(option) " + reason(.commandLine) }

    /// As a spec or job file says it.
    public var asKey: String { "key '\(option)' " + reason(.file) }
}
