import FlipTransCore
import FlipTransMedia

/// How the library's errors about a parameter read where the user gave it: `--shadow must be
/// between 0 and 4, got 5` on the command line, `key 'shadow' must be …` in a spec or job file.
enum ErrorWording {
    static func asOptions(_ error: Error) -> Error {
        switch error {
        case let error as ParameterError: CLIError("--\(error.parameter) \(error.reason)")
        // Its message quotes a name as given, which may hold a line break: CLIError escapes it.
        case let error as TransitionError: CLIError("\(error)")
        default: error
        }
    }

    /// The message for `error` in a file, after its place ("show.yaml: slide 2: ").
    static func asKeys(_ error: Error) -> String {
        if let error = error as? ParameterError { return "key '\(error.parameter)' \(error.reason)" }
        if let error = error as? OptionMisuse { return error.asKey }
        // A batch prints a failed job on one line.
        if let list = error as? InputProblems { return list.problems.map(asKeys).joined(separator: "; ") }
        return (error as? CLIError)?.message ?? FlipTrans.message(for: error)
    }
}
