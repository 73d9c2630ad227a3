import FlipTransCore
import FlipTransMedia
import Foundation

/// A file whose name begins with '-' (`-holiday.jpg`), which the parser reads as options: as
/// bundled one-letter flags, `-h` among them, it printed the help and exited 0 without rendering;
/// otherwise it said an image was missing, or the option unknown.
enum DashedFileName {
    /// The first argument before `--` (after which every argument is a name) that looks like
    /// such a file: one dash, no `=` (`-o=out.mp4` is an option), not a number, and an extension
    /// or a file of that name (`-ha`; not a lone flag such as `-q`).
    static func first(in arguments: [String]) -> String? {
        arguments.prefix { $0 != "--" }.first { argument in
            guard argument.hasPrefix("-"), !argument.hasPrefix("--"), !argument.contains("="), DecimalNumber.read(argument) == nil else { return false }
            return FilePaths.extension(of: argument).contains(where: \.isLetter)
                || argument.count > 2 && FileManager.default.fileExists(atPath: argument)
        }
    }

    static func refusal(of name: String) -> String {
        "'\(name)' is read as an option; give a file whose name begins with '-' as ./\(name)"
    }
}
