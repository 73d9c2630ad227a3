import ArgumentParser
import FlipTransCore
import FlipTransMedia

/// The exit statuses of `fliptrans`, and how the error that ends a command is reported.
///
/// - 0: done.
/// - 1: the command was understood but failed: a file it cannot read or write, a value out of
///   range, a batch in which a job failed.
/// - 2: the command line could not be parsed: an unknown option, a missing argument or option
///   value, a value that is not a number or not one of an option's words (a transition's name
///   among them). Reported in one line, with the likeliest meaning of a mistyped name, and a
///   second that says where the help is.
/// - 128 + N: stopped by signal N (`InterruptCleanup`): 130 for Ctrl-C, 143 for SIGTERM.
enum ExitStatus {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 2

    /// Prints what `error` has to say — the help or version asked for, or one error line — and
    /// returns the status to exit with. Several problems found together (`InputProblems`) are one
    /// line each.
    static func report(_ error: Error) -> Int32 {
        let code = FlipTrans.exitCode(for: error)
        if code == .success {
            do {
                try StandardStream.output.write(FlipTrans.fullMessage(for: error) + "\n")
                return success
            } catch {
                return failure
            }
        }
        // `batch` has printed its failures already.
        if error is ExitCode { return code.rawValue }
        // Only the command line gives a transition's name unchecked: a spec or job file says where it was.
        if let error = error as? TransitionError {
            return reportUsage(OneLine.printable("\(ErrorWording.asOptions(error))"), hint: UsageError.transitionsHint)
        }
        if let error = error as? UsageError { return reportUsage(OneLine.printable(error.message), hint: error.hint) }
        if let error = error as? ParameterError, error.isUnreadable { return reportUsage(unreadable: error) }
        if let list = error as? InputProblems {
            for problem in list.problems { StandardError.write("Error: " + OneLine.printable(FlipTrans.message(for: ErrorWording.asOptions(problem)))) }
            return failure
        }
        guard code == .validationFailure else {
            StandardError.write("Error: " + OneLine.printable(FlipTrans.message(for: ErrorWording.asOptions(error))))
            return failure
        }
        if let command = OptionSuggestion.command(mistypedIn: GivenArguments.current) {
            let first = GivenArguments.current[0]
            return reportUsage(OneLine.printable(OptionSuggestion.unknownCommand(first, suggested: command)), hint: UsageError.commandsHint)
        }
        let message = OptionSuggestion.reworded(FlipTrans.message(for: error), command: FlipTrans.command(for: GivenArguments.current))
        // swift-argument-parser's full message ends with this line after a usage summary and the
        // option's help; the line alone says where to look.
        let hint = FlipTrans.fullMessage(for: error).split(separator: "\n").last { $0.contains("See '") }
        return reportUsage(OneLine.printable(message), hint: hint.map { $0.trimmingCharacters(in: .whitespaces) })
    }

    /// A value given on the command line that is not of the kind its option takes (`--stagger-order
    /// spiral`, `--preset fastest`), reported as the parser reports one: a transition's own option
    /// is described by `fliptrans transitions`, any other by the command's help.
    private static func reportUsage(unreadable error: ParameterError) -> Int32 {
        let message = OneLine.printable("\(ErrorWording.asOptions(error))")
        if TransitionRegistry.standard.parameters.contains(where: { $0.name == error.parameter }) {
            return reportUsage(message, hint: UsageError.transitionsHint)
        }
        return reportUsage(message, hint: UsageError.helpHint(for: FlipTrans.command(for: GivenArguments.current)))
    }

    /// A command line that asks for what cannot be: one error line, and one that says where to look.
    private static func reportUsage(_ message: String, hint: String?) -> Int32 {
        StandardError.write("Error: " + message)
        if let hint { StandardError.write(hint) }
        return usage
    }
}
