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
}

extension JobCommand {
    func run() throws {
        try run(try job())
    }
}
