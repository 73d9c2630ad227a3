import ArgumentParser
import FlipTransMedia
import Foundation

/// `fliptrans run-job`: one line of a job file, run in a process of its own, started by `batch`
/// (hidden from help). A fatal error in a job — a crash, the kernel killing it for memory — then
/// ends only that job's process; the batch reports it and goes on.
///
/// The job line comes on stdin (a line may be far longer than an argument may be); the place
/// for messages, the folder that relative paths start at and what the batch adds to the job's
/// options come as options. Warnings and `--stats` go to the batch's stderr, JSON progress to
/// the batch, which tags each line with the job; how the job ended (`JobOutcome`) goes back
/// through `ChildProcess.report`.
struct RunJobCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run-job", abstract: "Run one job line of a batch (started by batch).", shouldDisplay: false)

    @Option var folder: String
    @Option var context: String
    @Option var root: String?
    @Option var threads: Int?
    @Flag var progressJSON = false

    func run() throws {
        let line = String(decoding: ChildProcess.input(), as: UTF8.self)
        let job: BatchJob
        do {
            job = try BatchJob(line: line, folder: folder, context: context, root: try root.map { try BatchCommand.confinement($0) },
                               settings: BatchJob.Settings(progressAsJSON: progressJSON, threads: threads))
        } catch {
            try fail("\(error)")
        }
        do {
            ChildProcess.report(JobOutcome(frames: try job.run()).text)
        } catch {
            try fail("\(context): \(ErrorWording.asKeys(error))")
        }
    }

    private func fail(_ reason: String) throws -> Never {
        ChildProcess.report(JobOutcome(error: reason).text)
        throw ExitCode.failure
    }

    /// How a job run in a process of its own ended: the frames it wrote, or why it failed, as
    /// `batch` prints it after "failed: ".
    typealias Result = Swift.Result<Int, JobFailure>

    struct JobFailure: Error {
        let message: String
    }

    /// Runs `line` of a job file (relative paths starting at `folder`), which writes `output`,
    /// in a child process; its JSON progress lines, if asked for, go to `progressLine`.
    static func runIsolated(_ line: JobFile.Line, folder: String, output: String, root: String?, settings: BatchJob.Settings,
                            progressLine: ((String) -> Void)? = nil) -> Result {
        let ending: ChildProcess.Ending, report: String
        var arguments = [configuration.commandName!, "--folder", folder, "--context", line.context]
        if let root { arguments += ["--root", root] }
        if let threads = settings.threads { arguments += ["--threads", String(threads)] }
        if settings.progressAsJSON { arguments.append("--progress-json") }
        do {
            // The batch says how a job that crashed ended; a crash report from it (Swift's
            // backtracer) would bury the batch's own lines. SWIFT_BACKTRACE=enable=yes brings it back.
            (ending, report) = try ChildProcess.run(try ChildProcess.ownExecutable(), arguments: arguments, input: Array(line.text.utf8),
                                                    environmentDefaults: ["SWIFT_BACKTRACE=enable=no"], outputLine: progressLine)
        } catch {
            return .failure(JobFailure(message: "\(line.context): \(error)"))
        }
        let outcome = JobOutcome(report: report)
        switch ending {
        case .exited(0):
            return .success(outcome?.frames ?? 0)
        case .exited where outcome?.error != nil:
            return .failure(JobFailure(message: outcome!.error!))
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
}
