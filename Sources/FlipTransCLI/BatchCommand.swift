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
        let lines: [Substring]
        do {
            lines = try String(contentsOfFile: jobs, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        } catch {
            throw CLIError("\(jobs): cannot read the job file (missing, unreadable or not UTF-8 text)")
        }
        let folder = URL(fileURLWithPath: jobs).deletingLastPathComponent()
        let numbered = lines.enumerated().filter { !$0.element.trimmingCharacters(in: .whitespaces).isEmpty && !$0.element.hasPrefix("#") }
        var summary = (done: 0, failed: 0, skipped: 0)
        for (jobIndex, (lineIndex, line)) in numbered.enumerated() where shard.includes(jobIndex) {
            let context = "\(jobs): line \(lineIndex + 1)"
            var job: BatchJob
            do {
                job = try BatchJob(line: String(line), folder: folder, context: context)
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
                StandardError.write("failed: \(context): \(Self.message(for: error))")
            }
        }
        StandardError.write("batch: \(summary.done) done, \(summary.failed) failed, \(summary.skipped) skipped")
        if summary.failed > 0 { throw ExitCode.failure }
    }
}

/// One line of a job file, as the command it describes.
struct BatchJob {
    let output: String
    var command: ParsableCommand

    init(line: String, folder: URL, context: String) throws {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)), var job = object as? [String: Any] else {
            throw CLIError("\(context): not a JSON object")
        }
        func resolve(_ path: String) -> String { path.hasPrefix("/") ? path : folder.appendingPathComponent(path).path }
        guard let output = job.removeValue(forKey: "output") as? String else { throw CLIError("\(context): no \"output\" path") }
        self.output = resolve(output)
        let images = job.removeValue(forKey: "images")
        if let spec = job["spec"] as? String { job["spec"] = resolve(spec) }
        let options = try OptionArguments.arguments(from: job.merging(["quiet": true]) { a, _ in a }, context: context)
        let arguments = ["-o", self.output] + options
        if job["spec"] != nil {
            guard images == nil else { throw CLIError("\(context): give \"images\" or \"spec\", not both") }
            command = try OptionArguments.parse(SlideshowCommand.self, arguments, context: context)
        } else {
            guard let pair = images as? [String], pair.count == 2 else {
                throw CLIError("\(context): \"images\" must list two image paths (or use \"spec\" for a slideshow)")
            }
            command = try OptionArguments.parse(RenderCommand.self, pair.map(resolve) + arguments, context: context)
        }
    }
}
