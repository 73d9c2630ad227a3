import FlipTransMedia

/// The command line's readers of spec and job files, for a program that checks files without
/// rendering them: `fliptrans-fuzz` feeds them hostile files in-process, so it exercises the very
/// code the commands run.
public enum FileParsers {
    /// Reads a slideshow spec as `fliptrans slideshow --spec FILE` does before decoding any image,
    /// every option and slide checked and each transition built; returns the number of slides.
    public static func readSpec(_ path: String) throws -> Int {
        try SlideshowSpec(contentsOf: path).slides.count
    }

    /// Reads a job file as `fliptrans batch FILE` does before rendering: for each job line, in
    /// order, the output it would write or the error it would fail with.
    public static func readJobs(_ path: String) throws -> [Result<String, Error>] {
        let file = try JobFile(contentsOf: path)
        return file.lines.map { line in Result { try file.job(on: line).output } }
    }

    /// Every long option of every command, without dashes: the keys a spec or job line may give.
    public static var optionNames: [String] {
        var names: [String] = []
        for command in FlipTrans.configuration.subcommands {
            for name in OptionSuggestion.longOptions(of: command) where !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The messages `fliptrans` prints for `error`, each on a line of its own after "Error: ": one,
    /// or one per problem when a check found several (every unknown key of a spec).
    public static func messages(for error: Error) -> [String] {
        InputProblems.problems(in: error).map { FlipTrans.message(for: $0) }
    }
}
