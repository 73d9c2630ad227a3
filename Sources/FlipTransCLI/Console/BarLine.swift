import FlipTransMedia
import Synchronization

/// The progress bar's line on the terminal, which warnings from other threads share: a warning
/// clears the bar and ends its line, the next report draws the bar again below it, and the bar's
/// end adds a line break only if the bar is still on its line (none after a warning).
final class BarLine: Sendable {
    /// Whether the bar is drawn and its line not yet ended.
    private let open = Mutex(false)

    /// Writes the bar with `write`.
    func draw(_ write: () -> Void) {
        open.withLock { open in
            write()
            open = true
        }
    }

    /// Writes `message`, a line of its own, over the bar if it is drawn; a line break in a name it
    /// quotes is written `\n`, as in errors.
    func say(_ message: String) {
        open.withLock { open in
            StandardError.write((open ? "\r\u{1B}[K" : "") + OneLine.escaping(message))
            open = false
        }
    }

    /// Ends the bar's line, if it is open, with `write`.
    func end(_ write: () -> Void) {
        open.withLock { open in
            if open { write() }
            open = false
        }
    }
}
