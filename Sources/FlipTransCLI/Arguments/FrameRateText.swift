import ArgumentParser

/// `--fps` as written, read by `TransitionArguments.frameRate()`: `--fps many` and `--fps 1/0`
/// are usage errors that say what a rate looks like, `--fps 0` a value out of range.
struct FrameRateText: ExpressibleByArgument, CustomStringConvertible {
    let text: String

    /// Any text: `TransitionArguments.frameRate()` reads it, and says what a rate looks like.
    init?(argument: String) {
        text = argument
    }

    var description: String { text }
}
