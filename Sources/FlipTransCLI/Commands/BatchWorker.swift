import FlipTransMedia
import Foundation

/// One of a batch's worker processes (`BatchWorkerCommand`), as the batch thread that feeds it
/// jobs sees it: started when a job first needs it, and started again for the next job after
/// one that crashed it or got it killed. A worker that ends before it takes a job (killed while
/// it waited between jobs, or in the instant between reading the job and acknowledging it) did
/// nothing of it: a new worker takes the job, up to `takingAttempts` workers in all.
final class BatchWorker {
    /// The program workers are started through (`wrapperVariable`), if one is set.
    private let wrapper: String?
    private let arguments: [String]
    private var process: ChildProcess?
    private let readingOutput: Bool

    /// How a job ended: the frames it wrote, or why it failed, as `batch` prints it after
    /// "failed: "; either way with the warnings it gave.
    typealias Result = Swift.Result<Rendered, JobFailure>

    struct Rendered {
        let frames: Int
        var warnings: [String] = []
    }

    struct JobFailure: Error {
        let message: String
        var warnings: [String] = []
    }

    /// How many workers in a row may end before taking a job before the job fails: a job whose
    /// line kills every worker that reads it still ends, with a line that says so.
    static let takingAttempts = 3

    /// Set to the path of a program, workers are started through it, as `PROGRAM FLIPTRANS
    /// batch-worker …`: a wrapper that sets a priority or limits, then runs its arguments (the
    /// tests end workers on cue with one).
    static let wrapperVariable = "FLIPTRANS_BATCH_WORKER_WRAPPER"

    /// A worker for jobs whose relative paths start at `folder`.
    init(folder: String, root: String?, settings: BatchJob.Settings) {
        var arguments = [BatchWorkerCommand.configuration.commandName!, "--folder", folder]
        if let root { arguments += ["--root", root] }
        if let threads = settings.threads { arguments += ["--threads", String(threads)] }
        if let most = settings.maxPixels { arguments += ["--max-pixels", String(most)] }
        if settings.progressAsJSON { arguments.append("--progress-json") }
        self.arguments = arguments
        readingOutput = settings.progressAsJSON
        wrapper = Self.wrapper
    }

    /// The program workers are started through, if one is set: it may run them as another user
    /// or in another namespace, which sees other files.
    static var wrapper: String? { ProcessInfo.processInfo.environment[wrapperVariable].flatMap { $0.isEmpty ? nil : $0 } }

    /// Starts the worker's process if none runs.
    private func start() throws -> ChildProcess {
        if let process { return process }
        // This very program, through the kernel's link to it, even when its file was replaced or
        // removed since it started (an upgrade mid-batch made every later worker fail, or run
        // another build). A wrapper gets the file's path: it may switch user, PID namespace or
        // machine, from which that link cannot be followed.
        let own = wrapper == nil ? "/proc/\(getpid())/exe" : try ChildProcess.ownExecutable()
        // The batch says how a job that crashed ended; a crash report from it (Swift's
        // backtracer) would bury the batch's own lines. SWIFT_BACKTRACE=enable=yes brings it back.
        // Workers run this build, not one an upgrade put beside it since (`ProcessorLevel`).
        let process = try ChildProcess(wrapper ?? own, arguments: (wrapper == nil ? [] : [own]) + arguments,
                                       environmentDefaults: ["SWIFT_BACKTRACE=enable=no", "\(ProcessorLevel.variable)=\(ProcessorLevel.current)"],
                                       readingOutput: readingOutput)
        self.process = process
        return process
    }

    /// Runs `line` of a job file, which writes `output`. `taken` gets the id of the worker process
    /// as it takes the job (not called for a job no worker took); its JSON progress lines, if
    /// asked for, go to `progressLine`.
    func run(_ line: JobFile.Line, output: String, taken: (pid_t) -> Void, progressLine: ((String) -> Void)?) -> Result {
        let request = JobRequest(line: line.text, context: line.context).text
        var untaken: ChildProcess.Ending?
        for _ in 1...Self.takingAttempts {
            let process: ChildProcess
            do {
                process = try start()
            } catch {
                return .failure(JobFailure(message: "\(line.context): \(error)"))
            }
            switch process.ask(request, taken: { taken(process.id) }, outputLine: progressLine) {
            case .reply(let reply):
                guard let outcome = JobOutcome(text: reply) else {
                    return .failure(JobFailure(message: "\(line.context): the worker process replied '\(reply)'"))
                }
                let warnings = outcome.warnings ?? []
                if let error = outcome.error { return .failure(JobFailure(message: error, warnings: warnings)) }
                return .success(Rendered(frames: outcome.frames ?? 0, warnings: warnings))
            case .endedWhileAnswering(let ending):
                // It may have written output: the job is not run again.
                self.process = nil
                if case .signalled = ending {
                    // It could not remove its partial file; now that it is gone, nothing holds that file.
                    StalePartialFiles.remove(besideOutput: output, olderThan: Date())
                }
                return .failure(JobFailure(message: "\(line.context): \(Self.describe(ending))"))
            case .endedBeforeTaking(let ending):
                self.process = nil
                untaken = ending
            }
        }
        return .failure(JobFailure(message: "\(line.context): \(Self.takingAttempts) worker processes in a row ended before taking the job"
                                   + " (the last \(Self.describe(untaken!)))"))
    }

    /// How a worker's process ended, as a job's failure says it.
    private static func describe(_ ending: ChildProcess.Ending) -> String {
        switch ending {
        // SIGKILL comes from outside, most often the kernel's out-of-memory killer (a container's
        // memory limit): said so, as "crashed" sent users looking for a fault.
        case .signalled(SIGKILL): "was killed (signal 9: most likely out of memory, or kill -9)"
        case .signalled(let signalNumber): "crashed (signal \(signalNumber))"
        case .exited(let status) where status > 128: "stopped by signal \(status - 128)"
        case .exited(let status): "ended with exit status \(status)"
        }
    }

    /// Ends the worker's process, if one runs, once its job is done.
    func finish() {
        _ = process?.finish()
        process = nil
    }
}
