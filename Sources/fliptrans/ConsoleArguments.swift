import ArgumentParser
import Foundation

/// What the command says on stderr besides errors: warnings and the progress bar.
/// Nothing but requested output goes to stdout.
struct ConsoleArguments: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    /// A progress bar is drawn only for a person watching a terminal.
    var showsProgress: Bool { !quiet && isatty(STDERR_FILENO) == 1 }

    func warn(_ message: String) {
        if !quiet { StandardError.write(message) }
    }
}

enum StandardError {
    static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
