import ArgumentParser
import FlipTransMedia
import Foundation

/// What the command says besides errors: warnings and progress. Nothing but requested output
/// (JSON progress, or the video itself with `-o -`) goes to stdout.
struct ConsoleArguments: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    @Option(help: "Progress: auto (a bar when stderr is a terminal), bar, json (one object per line on stdout, or on stderr when a video goes to stdout) or none.")
    var progress: ProgressStyle = .auto

    @Option(parsing: .unconditional, help: ArgumentHelp("Threads for rendering and encoding. Default: the processors this process may use (its CPU affinity and its control group's CPU limit).", valueName: "n"))
    var threads: Int?

    /// The progress style after --quiet and auto are settled.
    var progressStyle: ProgressStyle {
        if quiet && progress != .json { return .none }
        guard progress == .auto else { return progress }
        return isatty(STDERR_FILENO) == 1 ? .bar : .none
    }

    /// JSON progress for a stream closed when the program started: said before any work, as
    /// the reports would be lost (they were found missing only at the first).
    static func closedForJSON(_ stream: StandardStream) -> CLIError {
        CLIError("\(stream.name): closed, so the reports of --progress json would be lost")
    }

    /// JSON progress for a stream that is an input file (`>> a.png`, `>> jobs.jsonl`): the reports
    /// would be written into it.
    static func intoInputForJSON(_ stream: StandardStream, input: String) -> CLIError {
        CLIError("\(stream.name) is the file '\(input)', an input; --progress json would write its reports into it")
    }

    /// Where a batch's job keeps its warnings (`BatchWorkerCommand`); nil: they are printed.
    @TaskLocal static var heardWarnings: HeardWarnings?

    /// Runs `job`, showing its warnings and progress as asked. Progress that cannot be written
    /// (its reader is gone, the disk is full) stops the job: whoever asked for it no longer hears.
    func run(_ job: RenderJob) throws -> RenderStatistics {
        CPULimit.limitThreads(to: try threadCount())
        // With the output on stdout (-o -), JSON progress goes to stderr: nothing else may mix in.
        let jsonStream: StandardStream = job.output == "-" ? .error : .output
        if progressStyle == .json, jsonStream.wasClosedAtStart { throw Self.closedForJSON(jsonStream) }
        if progressStyle == .json, let input = jsonStream.file(among: job.inputFiles + job.describingFiles) {
            throw Self.intoInputForJSON(jsonStream, input: input)
        }
        let reporter = ProgressReporter(style: progressStyle, json: jsonStream)
        let barLine = reporter.barLine, quiet = quiet, heard = Self.heardWarnings
        let warning: @Sendable (String) -> Void = { message in
            if let heard {
                heard.append(message)
            } else if !quiet {
                barLine.say(message)
            }
        }
        do {
            let statistics = try job.run(warning: warning, progress: { done, total in reporter.update(done, of: total) },
                                         isCancelled: { reporter.failure != nil })
            reporter.finish()
            return statistics
        } catch is CancellationError {
            throw reporter.failure ?? CancellationError()
        } catch {
            // The error goes on a line of its own, not after the bar.
            reporter.finish()
            throw error
        }
    }

    /// `--threads`, checked, or the processors this process may use.
    func threadCount() throws -> Int {
        try threads.map(Self.checkedThreads) ?? CPULimit.current()
    }

    static func checkedThreads(_ threads: Int) throws -> Int {
        guard (1...mostThreads).contains(threads) else {
            throw OptionMisuse(option: "threads") { _ in "must be between 1 and \(mostThreads), got \(threads)" }
        }
        return threads
    }

    static let mostThreads = 1024
}
