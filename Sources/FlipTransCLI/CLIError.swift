import FlipTransMedia

/// A user error found by the command line itself: printed as one line, exit status 1.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = OneLine.escaping(description) }
}
