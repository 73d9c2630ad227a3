import FlipTransCore
import FlipTransMedia

/// How the library's errors about a parameter read where the user gave it: `--shadow must be
/// between 0 and 4, got 5` on the command line, `key 'shadow' must be …` in a spec or job file.
enum ErrorWording {
    static func asOptions(_ error: Error) -> Error {
        switch error {
        case let error as ParameterError: CLIError("--\(error.parameter) \(error.reason)")
        // Its message quotes a name as given, which may hold a line break: CLIError escapes it.
        case let error as TransitionError:
            CLIError("\(error)" + (style(named: error).map { "; '\($0.name)' is a style of \($0.type.name): " + TransitionHelp.arguments(choosing: $0).joined(separator: " ") } ?? ""))
        default: error
        }
    }

    /// The message for `error` in a file, after its place ("show.yaml: slide 2: "), on one line
    /// whatever text of the file it quotes (a batch prints it among its status lines).
    static func asKeys(_ error: Error) -> String {
        OneLine.escaping(keyWording(error))
    }

    private static func keyWording(_ error: Error) -> String {
        if let error = error as? ParameterError { return "key '\(error.parameter)' \(error.reason)" }
        if let error = error as? OptionMisuse { return error.asKey }
        // A batch prints a failed job on one line.
        if let list = error as? InputProblems { return list.problems.map(keyWording).joined(separator: "; ") }
        if let error = error as? TransitionError, let style = style(named: error) {
            return "\(error); '\(style.name)' is a style of \(style.type.name): " + TransitionHelp.keys(choosing: style).joined(separator: ", ")
        }
        if let error = error as? MediaError, error.kind == .inputDamaged {
            let acceptance = DamagedImagePolicy.acceptance
            return "\(error)".replacingOccurrences(of: DamagedImagePolicy.acceptanceHint, with: "'\(acceptance.option): true' \(acceptance.effect)")
        }
        return (error as? CLIError)?.message ?? FlipTrans.message(for: error)
    }

    /// The style an unknown transition's name is ("flip-left": the styles `fliptrans transitions`
    /// lists are not transitions of their own).
    private static func style(named error: TransitionError) -> TransitionStyle? {
        guard case let .unknownTransition(name, _) = error else { return nil }
        return TransitionRegistry.standard.styles.first { $0.name == name }
    }
}
