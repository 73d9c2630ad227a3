import ArgumentParser
import FlipTransMedia
import Foundation

/// `fliptrans batch jobs.jsonl`: many videos, one job per line, failures reported and skipped.
/// Each job runs in a process of its own (`RunJobCommand`), so that not even a crash in one
/// ends the others.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Render many videos from a JSON Lines file, one job per line.",
        discussion: """
            Each line is a JSON object whose keys are the command's options, with "output" and either
            "images": [A, B] (a two-image transition) or "spec": "show.yaml" (a slideshow); relative
            paths are relative to the job file's folder. Blank lines and lines starting with # are skipped.
              {"images": ["a.png", "b.png"], "output": "a-b.mp4", "transition": "page", "duration": 1.5}
              {"spec": "tour.yaml", "output": "tour.webm"}
            Examples:
              fliptrans batch jobs.jsonl
              fliptrans batch jobs.jsonl --shard 2/8 --skip-existing
              fliptrans batch jobs.jsonl --shard auto      # index (and count) from Kubernetes, Slurm or AWS Batch
              fliptrans batch uploaded.jsonl --root /srv/renders   # jobs from others: files only in that folder
            """
    )

    @Argument(help: "The job file (JSON Lines).") var jobs: String

    @Option(help: ArgumentHelp("Render only jobs i with i mod N = I: I/N, auto or auto/N.", valueName: "shard"))
    var shard: String?

    @Flag(help: "Skip jobs whose output file already exists (to finish an interrupted run).")
    var skipExisting = false

    @Option(help: ArgumentHelp("Refuse any job whose images, spec or output are outside this folder (after resolving '..' and symbolic links).", valueName: "folder"))
    var root: String?

    @Flag(name: .shortAndLong, help: "Print only failures and the summary.")
    var quiet = false

    func run() throws {
        let shard = try shard.map { try Shard($0) } ?? .everything
        let confinement = try root.map(Self.confinement)
        let file = try JobFile(contentsOf: jobs)
        var summary = (done: 0, failed: 0, skipped: 0)
        for (jobIndex, line) in file.lines.enumerated() where shard.includes(jobIndex) {
            let job: BatchJob
            do {
                job = try file.job(on: line, root: confinement)
            } catch {
                summary.failed += 1
                StandardError.write("failed: \(error)")
                continue
            }
            if skipExisting, FileManager.default.fileExists(atPath: job.output) {
                // Partial files of this output from a run killed outright are of no more use.
                StalePartialFiles.remove(besideOutput: job.output)
                summary.skipped += 1
                continue
            }
            if let failure = RunJobCommand.runIsolated(line, of: file, output: job.output, root: root) {
                summary.failed += 1
                StandardError.write("failed: \(failure)")
            } else {
                summary.done += 1
                if !quiet { StandardError.write("done: \(job.output)") }
            }
        }
        StandardError.write("batch: \(summary.done) done, \(summary.failed) failed, \(summary.skipped) skipped")
        if summary.failed > 0 { throw ExitCode.failure }
    }

    /// The `--root` folder, refused with the option's name if it is no folder.
    static func confinement(_ folder: String) throws -> FolderConfinement {
        do {
            return try FolderConfinement(folder)
        } catch let error as MediaError {
            throw CLIError("--root \(folder): \(error.reason)")
        }
    }
}
