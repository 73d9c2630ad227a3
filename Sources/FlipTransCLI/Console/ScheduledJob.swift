/// A job line the batch will run: where it is, what it writes.
struct ScheduledJob: Sendable {
    let line: JobFile.Line
    let output: String
    let id: JobID?
    /// Whether an earlier run finished the job (`--skip-existing`): `RenderJob.isFinished`.
    let isFinished: @Sendable () -> Bool
    /// Throws what a look at the file system finds wrong with the job (`BatchPlan.Entry.checkFiles`).
    let checkFiles: @Sendable () throws -> Void
}
