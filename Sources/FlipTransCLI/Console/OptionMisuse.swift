/// An option given where it can do nothing, worded where the user gave it: `--pullback is an
/// option of flip, …; … choose --transition flip` on the command line, `key 'pullback' is an
/// option of flip, …; … choose 'transition: flip'` in a spec or a job file.
struct OptionMisuse: Error, CustomStringConvertible {
    /// How a place names an option (`--gesture`, `'gesture'`) and an option with its value
    /// (`--transition flip`, `'transition: flip'`).
    struct Wording {
        let option: @Sendable (String) -> String
        let setting: @Sendable (String, String) -> String

        static let commandLine = Wording(option: { "--" + $0 }, setting: { "--\($0) \($1)" })
        static let file = Wording(option: { "'\($0)'" }, setting: { "'\($0): \($1)'" })
    }

    let option: String
    /// What follows the option's name, in a place's wording.
    let reason: @Sendable (Wording) -> String

    var description: String { "--\(option) " + reason(.commandLine) }

    /// As a spec or job file says it.
    var asKey: String { "key '\(option)' " + reason(.file) }
}
