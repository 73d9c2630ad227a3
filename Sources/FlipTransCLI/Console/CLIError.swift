import FlipTransMedia

/// A user error found by the command line itself: printed as one line, exit status 1.
struct CLIError: Error, CustomStringConvertible {
    /// The message on one line, whole: what a message quoting this one quotes.
    let message: String
    init(_ message: String) { self.message = OneLine.escaping(message) }

    /// The message as printed, shortened if a quoted value makes it very long.
    var description: String { OneLine.shortened(message) }
}
