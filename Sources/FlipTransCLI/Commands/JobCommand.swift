import ArgumentParser
import FlipTransMedia

/// A command whose work is one `RenderJob`: it parses, describes the job, runs it and prints.
/// `batch` runs job lines through the same commands.
protocol JobCommand: ParsableCommand {
    /// The job the arguments describe, checked as far as it can be before any image is read.
    func job() throws -> RenderJob

    /// Runs `job` — this command's, which a caller may check further first — and prints what the
    /// command prints; returns where the time went.
    @discardableResult
    func run(_ job: RenderJob) throws -> RenderStatistics

    var existing: SkipExistingArguments { get }
    var console: ConsoleArguments { get }
}

extension JobCommand {
    func run() throws {
        try runUnlessFinished(try job())
    }

    /// Runs `job` unless `--skip-existing` finds it finished (a batch leaves its jobs its own way).
    func runUnlessFinished(_ job: RenderJob) throws {
        guard try !existing.skips(job, quiet: console.quiet) else { return }
        try run(job)
    }
}
