import ArgumentParser

/// A command line that asks for what cannot be, found by fliptrans rather than by its parser:
/// reported as the parser's are, one line and one that says where to look, exit status 2.
struct UsageError: Error {
    let message: String
    let hint: String

    /// Where to look when a command is unknown or missing.
    static let commandsHint = "See 'fliptrans --help' for the commands."
    /// Where to look about an option of `command`.
    static func helpHint(for command: any ParsableCommand.Type) -> String {
        "See '\(FlipTrans._commandName) \(command._commandName) --help' for more information."
    }

    /// Where to look about a transition's own option.
    static let transitionsHint = "See 'fliptrans transitions' for every transition, its styles and options."
}
