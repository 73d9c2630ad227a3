import FlipTransMedia
import Foundation

/// One of a batch's worker processes (`BatchWorkerCommand`), as the batch thread that feeds it
/// jobs sees it: started when a job first needs it, and started again for the next job after
/// one that crashed it or got it killed, or after it was killed between jobs.
final class BatchWorker {
    private let arguments: [String]
    private var process: ChildProcess?
    private let readingOutput: Bool

    /// How a job ended: the frames it wrote, or why it failed, as `batch` prints it after "failed: ".
    typealias Result = Swift.Result<Int, JobFailure>

    struct JobFailure: Error {
        let message: String
    }

    /// A worker for jobs whose relative paths start at `folder`.
    init(folder: String, root: String?, settings: BatchJob.Settings) {
        var arguments = [BatchWorkerCommand.configuration.commandName!, "--folder", folder]
        if let root { arguments += ["--root", root] }
        if let threads = settings.threads { arguments += ["--threads", String(threads)] }
        if settings.progressAsJSON { arguments.append("--progress-json") }
        self.arguments = arguments
        readingOutput = settings.progressAsJSON
    }

    /// The worker's process id, once it is started (if it was not running).
    func start() throws -> pid_t {
        // One that died while it waited (killed between jobs) has not seen the next job: a new
        // worker takes it instead of failing it unread.
        if let process, process.hasEnded { finish() }
        if let process { return process.id }
        // The batch says how a job that crashed ended; a crash report from it (Swift's
        // backtracer) would bury the batch's own lines. SWIFT_BACKTRACE=enable=yes brings it back.
        let process = try ChildProcess(try ChildProcess.ownExecutable(), arguments: arguments,
                                       environmentDefaults: ["SWIFT_BACKTRACE=enable=no"], readingOutput: readingOutput)
        self.process = process
        return process.id
    }

    /// Runs `line` of a job file, which writes `output`; its JSON progress lines, if asked for,
    /// go to `progressLine`.
    func run(_ line: JobFile.Line, output: String, progressLine: ((String) -> Void)? = nil) -> Result {
        do {
            _ = try start()
        } catch {
            return .failure(JobFailure(message: "\(line.context): \(error)"))
        }
        let process = process!
        if let reply = process.ask(JobRequest(line: line.text, context: line.context).text, outputLine: progressLine) {
            guard let outcome = JobOutcome(report: reply) else {
                return .failure(JobFailure(message: "\(line.context): the worker process replied '\(reply)'"))
            }
            if let error = outcome.error { return .failure(JobFailure(message: error)) }
            return .success(outcome.frames ?? 0)
        }
        self.process = nil
        switch process.finish() {
        case .signalled(let signalNumber):
            // It could not remove its partial file; now that it is gone, nothing holds that file.
            StalePartialFiles.remove(besideOutput: output, olderThan: Date())
            return .failure(JobFailure(message: "\(line.context): crashed (signal \(signalNumber))"))
        case .exited(let status) where status > 128:
            return .failure(JobFailure(message: "\(line.context): stopped by signal \(status - 128)"))
        case .exited(let status):
            return .failure(JobFailure(message: "\(line.context): ended with exit status \(status)"))
        }
    }

    /// Ends the worker's process, if one runs, once its job is done.
    func finish() {
        _ = process?.finish()
        process = nil
    }
}
