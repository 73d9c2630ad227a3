import FlipTransMedia

/// Lines for the user on stderr: warnings, errors, batch results. One that cannot be written
/// (stderr closed, or a terminal gone) is lost, and the work goes on: the exit status still tells.
enum StandardError {
    static func write(_ line: String) {
        try? StandardStream.error.write(line + "\n")
    }
}
