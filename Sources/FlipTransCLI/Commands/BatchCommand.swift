import ArgumentParser
import Foundation

/// `fliptrans batch jobs.jsonl`: many videos, one job per line, failures reported and skipped.
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
            """
    )

    @Argument(help: "The job file (JSON Lines).") var jobs: String

    @Option(help: ArgumentHelp("Render only jobs i with i mod N = I: I/N, auto or auto/N.", valueName: "shard"))
    var shard: String?

    @Flag(help: "Skip jobs whose output file already exists (to finish an interrupted run).")
    var skipExisting = false

    @Flag(name: .shortAndLong, help: "Print only failures and the summary.")
    var quiet = false

    func run() throws {
        let shard = try shard.map { try Shard($0) } ?? .everything
        let file = try JobFile(contentsOf: jobs)
        var summary = (done: 0, failed: 0, skipped: 0)
        for (jobIndex, line) in file.lines.enumerated() where shard.includes(jobIndex) {
            var job: BatchJob
            do {
                job = try file.job(on: line)
            } catch {
                summary.failed += 1
                StandardError.write("failed: \(error)")
                continue
            }
            if skipExisting, FileManager.default.fileExists(atPath: job.output) {
                summary.skipped += 1
                continue
            }
            do {
                try job.command.run()
                summary.done += 1
                if !quiet { StandardError.write("done: \(job.output)") }
            } catch {
                summary.failed += 1
                StandardError.write("failed: \(line.context): \(ErrorWording.asKeys(error))")
            }
        }
        StandardError.write("batch: \(summary.done) done, \(summary.failed) failed, \(summary.skipped) skipped")
        if summary.failed > 0 { throw ExitCode.failure }
    }
}
