import ArgumentParser
import FlipTransMedia
import Foundation
import Synchronization

/// `fliptrans batch jobs.jsonl`: many videos, one job per line. The whole file is checked first
/// (`BatchPlan`): a bad line renders nothing. Then the jobs run on worker processes
/// (`BatchWorker`), several at once, so that not even a crash in one ends the others.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Render many videos from a JSON Lines file, one job per line.",
        discussion: """
            Each line is a JSON object whose keys are the command's options, with
            "output" and either "images": [A, B] (a two-image transition), "spec":
            "show.yaml" (a slideshow) or "slides": [...] (a slideshow written in the line,
            with a spec's keys), and optionally an "id" echoed in JSON events. Relative
            paths are relative to the job file's folder (the current folder for - or a
            pipe; --base-dir to choose). Blank lines and lines starting with # are
            skipped. Folders for the outputs are made as needed.
              {"images": ["a.png", "b.png"], "output": "a-b.mp4", "transition": "page"}
              {"spec": "tour.yaml", "output": "tour.webm"}
              {"id": 7, "slides": ["a.png", "b.png"], "fold": "cubic", "output": "x.gif"}

            Every line is checked before any job runs; a bad line, two jobs writing one
            file, or a job writing another's input renders nothing (exit status 2). Exit
            status 0: every job done; 1: a job failed; 128 + N: stopped by signal N, after
            a summary of what finished.

            Examples:
              fliptrans batch jobs.jsonl
              # every line and input checked, nothing written:
              fliptrans batch jobs.jsonl --check
              make-jobs | fliptrans batch - --progress json --report results.jsonl
              # four jobs at once, one thread each:
              fliptrans batch jobs.jsonl -j 4 --threads 1
              fliptrans batch jobs.jsonl --shard 2/8 --skip-existing
              # the shard's index from Kubernetes, Slurm or AWS Batch, of 8 shards:
              fliptrans batch jobs.jsonl --shard auto/8
              # jobs from others: their files only in that folder:
              fliptrans batch uploaded.jsonl --root /srv/renders
            """
    )

    @Argument(help: ArgumentHelp("The job file (JSON Lines); - for standard input.", valueName: "jobs"), completion: .file())
    var jobs: String

    @OptionGroup(title: "Jobs") var selection: BatchJobsArguments
    @OptionGroup(title: "Files") var files: BatchFilesArguments
    @OptionGroup(title: "Console") var reporting: BatchConsoleArguments

    /// Jobs at once by default: enough to keep the processors busy when jobs are small (one job
    /// keeps one processor busy while it starts, decodes and finishes), at most this many, so
    /// the frames held in memory stay those of a few jobs on a large machine.
    static let mostJobsByDefault = 8

    func run() throws {
        let shard = try selection.shard.map { try Shard($0) } ?? .everything
        let confinement = try files.root.map { try Self.confinement($0) }
        if let baseDir = files.baseDir { _ = try Self.confinement(baseDir, option: "--base-dir") }
        if let parallelJobs = selection.parallelJobs, !(1...ConsoleArguments.mostThreads).contains(parallelJobs) {
            throw CLIError("--jobs must be between 1 and \(ConsoleArguments.mostThreads), got \(parallelJobs)")
        }
        let givenThreads = try selection.threads.map(ConsoleArguments.checkedThreads)
        try files.maxPixels.map { try PixelLimit(maxPixels: $0).check() }
        if selection.check, files.report != nil {
            throw UsageError(message: "--report is not written by --check, which writes nothing; give it to the batch that renders",
                             hint: "See 'fliptrans batch --help' for more information.")
        }
        // A long file takes seconds to read and check (every input of `--check` is decoded);
        // stopped meanwhile, the batch says so (`BatchRun` says more once jobs run).
        if reporting.progress == .json, StandardStream.output.wasClosedAtStart { throw ConsoleArguments.closedForJSON(.output) }
        let name = jobs == TextFile.standardInput ? "the jobs from stdin" : jobs
        let json = reporting.progress == .json
        InterruptCleanup.setFinalWords { signal in
            StandardError.write("batch: stopped by signal \(signal) while reading and checking \(name); no job had started")
            // A program reading the events gets its last one, as when jobs have run.
            if json {
                var event = BatchEvent(.summary)
                (event.done, event.failed, event.skipped, event.refused, event.unfinished, event.signal) = (0, 0, 0, 0, 0, signal)
                try? StandardStream.output.write(event.text + "\n")
            }
        }
        let file: JobFile
        do {
            file = try JobFile(contentsOf: jobs, baseFolder: files.baseDir)
        } catch {
            StandardError.write("Error: \(error)")
            throw ExitCode(ExitStatus.usage)
        }
        if json, let input = StandardStream.output.file(among: [jobs]) { throw ConsoleArguments.intoInputForJSON(.output, input: input) }
        let processors = CPULimit.current()
        let atOnce = selection.parallelJobs ?? min(processors, Self.mostJobsByDefault)
        // Planned with the settings the jobs will run with, so a check means what a run does.
        let lineCount = file.lines.count
        let settings = BatchJob.Settings(progressAsJSON: reporting.progress == .json,
                                         threads: givenThreads ?? max(1, processors / max(1, min(atOnce, lineCount))),
                                         maxPixels: files.maxPixels)
        let plan = BatchPlan(file, root: confinement, settings: settings, shard: shard)
        // Events appended to a file a job reads or writes would change it, or go with it.
        if json, let events = StandardStream.output.regularFilePath, let use = plan.use(of: events) {
            throw CLIError("stdout is \(use) ('\(events)'); --progress json would write its events into it")
        }
        // The report is opened (emptied) before any job runs: never over a file the batch needs.
        // Refused, it is left alone, and the plan's own refusals are still listed.
        let reportClash = files.report.flatMap { report in
            (jobs != TextFile.standardInput && BatchPlan.key(report) == BatchPlan.key(jobs)
                || file.identity != nil && FileIdentity(path: report) == file.identity ? "the job file" : plan.use(of: report))
                .map { "--report \(report): is \($0); refusing to overwrite it" }
        }
        let console = try BatchConsole(json: reporting.progress == .json, quiet: reporting.quiet, reportPath: reportClash == nil ? files.report : nil)
        if let reportClash { StandardError.write("Error: \(CLIError(reportClash))") }
        guard plan.refusals.isEmpty else {
            for refusal in plan.refusals { console.refused(refusal) }
            console.summary(BatchTally(refused: plan.refusals.count))
            throw ExitCode(ExitStatus.usage)
        }
        if reportClash != nil { throw ExitCode.failure }
        let entries = plan.entries
        let tally = selection.check ? Self.check(entries, skipExisting: selection.skipExisting, console: console)
            : BatchRun(jobs: entries.map { $0.scheduled }, folder: file.folder, root: files.root, settings: settings,
                       atOnce: atOnce, skipExisting: selection.skipExisting, console: console).run()
        if tally.failed > 0 || !console.failures.isEmpty { throw ExitCode.failure }
    }

    /// `--check`: each job verified (`RenderJob.verify`: every input image decoded), nothing written;
    /// a job that would fail prints what the batch would print, and with `skipExisting` a job
    /// whose output is there is skipped, as the batch would skip it.
    private static func check(_ entries: [BatchPlan.Entry], skipExisting: Bool, console: BatchConsole) -> BatchTally {
        let tally = Mutex(BatchTally(checking: true))
        // Stopped by a signal, the check says what it had found (the planning's words no longer).
        InterruptCleanup.setFinalWords { signal in console.summary(tally.withLock { $0 }, signal: signal) }
        let verified = VerifiedImages()
        for entry in entries {
            // Each event is written with its count under the tally's lock, which a stopping
            // signal's summary takes too: it counted none of the jobs whose events it followed.
            if skipExisting, entry.render.isFinished {
                tally.withLock { tally in
                    tally.skipped += 1
                    console.ended(entry.scheduled, status: .skipped)
                }
                continue
            }
            // What the job would warn of, it is told now, beside its line, as the batch would
            // (not for a quiet line).
            var warnings: [String] = []
            do {
                try entry.placement.placingProblems {
                    try entry.render.verify(warning: { if !entry.job.quiet { warnings.append($0) } }, verified: verified)
                }
                try entry.scheduled.checkFiles()
                tally.withLock { tally in
                    tally.ready += 1
                    console.ended(entry.scheduled, status: .ready, warnings: warnings)
                }
            } catch {
                tally.withLock { tally in
                    tally.failed += 1
                    console.ended(entry.scheduled, status: .failed, error: BatchJob.reason(error, context: entry.line.context), warnings: warnings)
                }
            }
        }
        InterruptCleanup.setFinalWords { _ in }
        let checked = tally.withLock { $0 }
        console.summary(checked)
        return checked
    }

    /// The folder named by `--root` (or `option`), refused with the option's name if it is no folder.
    static func confinement(_ folder: String, option: String = "--root") throws -> FolderConfinement {
        do {
            return try FolderConfinement(folder)
        } catch let error as MediaError {
            throw CLIError("\(option) \(folder): \(error.reason)")
        }
    }
}
