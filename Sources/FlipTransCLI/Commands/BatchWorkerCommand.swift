import ArgumentParser
import FlipTransMedia

/// `fliptrans batch-worker`: a process `batch` starts (hidden from help) to run job lines one
/// after another, so that starting a process is paid once per worker, not once per job, while a
/// fatal error in a job — a crash, the kernel killing it for memory — still ends only this
/// process: the batch reports that job, starts another worker and goes on (`BatchWorker`).
///
/// Each job comes as one `JobRequest` line on stdin, acknowledged as it is taken
/// (`ChildProcess.Requests`); how it ended (`JobOutcome`) goes back as one line through
/// `ChildProcess.answer`. The folder that relative paths start at and what the batch
/// adds to every job's options come as options. A job's warnings and notes go back with its
/// outcome, `--stats` to the batch's stderr, JSON progress to the batch, which tags each line
/// with the job. The worker ends when its input does, at once if a job is running (the batch
/// was killed outright).
struct BatchWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch-worker", abstract: "Run job lines of a batch, one after another (started by batch).", shouldDisplay: false)

    @Option var folder: String
    @Option var root: String?
    @Option var threads: Int?
    @Option var maxPixels: Int?
    @Flag var progressJSON = false

    func run() throws {
        // Its jobs' bytes as each job's own process would write them (`DeterministicHeap`).
        DeterministicHeap.zeroNewAllocations()
        let settings = BatchJob.Settings(progressAsJSON: progressJSON, threads: threads, maxPixels: maxPixels)
        ChildProcess.stopWhenRequestsEnd()
        for text in ChildProcess.Requests() {
            ChildProcess.answer(outcome(of: text, settings: settings).text)
        }
    }

    private func outcome(of text: String, settings: BatchJob.Settings) -> JobOutcome {
        guard let request = JobRequest(text: text) else { return JobOutcome(error: "not a job request: \(text)") }
        let job: BatchJob
        do {
            job = try BatchJob(line: request.line, folder: folder, context: request.context,
                               root: try root.map { try BatchCommand.confinement($0) }, settings: settings)
        } catch {
            return JobOutcome(error: "\(error)")
        }
        // The job's warnings go back with its outcome, for the batch to print beside the job,
        // unless its line is quiet.
        let warnings = HeardWarnings()
        let kept = { job.quiet ? [] : warnings.messages }
        do {
            let frames = try ConsoleArguments.$heardWarnings.withValue(warnings) { try job.run() }
            return JobOutcome(frames: frames, warnings: kept())
        } catch {
            return JobOutcome(error: BatchJob.reason(error, context: request.context), warnings: kept())
        }
    }
}
