import ArgumentParser
import FlipTransMedia
import Foundation

/// `fliptrans run-job`: one line of a job file, run in a process of its own, started by `batch`
/// (hidden from help). A fatal error in a job — a crash, the kernel killing it for memory — then
/// ends only that job's process; the batch reports it and goes on.
///
/// The job line comes on stdin (a line may be far longer than an argument may be); the place
/// for messages and the folder that relative paths start at come as options. Progress, warnings
/// and `--stats` go to the batch's stdout and stderr; why the job failed, worded as `batch`
/// prints it after "failed: ", goes back to the batch through `ChildProcess.report`.
struct RunJobCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run-job", abstract: "Run one job line of a batch (started by batch).", shouldDisplay: false)

    @Option var folder: String
    @Option var context: String
    @Option var root: String?

    func run() throws {
        let line = String(decoding: ChildProcess.input(), as: UTF8.self)
        let job: BatchJob
        do {
            job = try BatchJob(line: line, folder: folder, context: context, root: try root.map { try BatchCommand.confinement($0) })
        } catch {
            try fail("\(error)")
        }
        do {
            try job.run()
        } catch {
            try fail("\(context): \(ErrorWording.asKeys(error))")
        }
    }

    private func fail(_ reason: String) throws -> Never {
        ChildProcess.report(reason)
        throw ExitCode.failure
    }

    /// Runs `line` of `file`, which writes `output`, in a child process; nil when it rendered,
    /// else why it failed, as `batch` prints it after "failed: ".
    static func runIsolated(_ line: JobFile.Line, of file: JobFile, output: String, root: String?) -> String? {
        let ending: ChildProcess.Ending, report: String
        do {
            // The batch says how a job that crashed ended; a crash report from it (Swift's
            // backtracer) would bury the batch's own lines. SWIFT_BACKTRACE=enable=yes brings it back.
            (ending, report) = try ChildProcess.run(
                try ChildProcess.ownExecutable(),
                arguments: [configuration.commandName!, "--folder", file.folder, "--context", line.context] + (root.map { ["--root", $0] } ?? []),
                input: Array(line.text.utf8), environmentDefaults: ["SWIFT_BACKTRACE=enable=no"])
        } catch {
            return "\(line.context): \(error)"
        }
        switch ending {
        case .exited(0):
            return nil
        case .exited where !report.isEmpty:
            return report
        case .signalled(let signalNumber):
            // It could not remove its partial file; now that it is gone, nothing holds that file.
            StalePartialFiles.remove(besideOutput: output, olderThan: Date())
            return "\(line.context): crashed (signal \(signalNumber))"
        case .exited(let status) where status > 128:
            return "\(line.context): stopped by signal \(status - 128)"
        case .exited(let status):
            return "\(line.context): ended with exit status \(status)"
        }
    }
}
