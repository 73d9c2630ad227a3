/// A job line the batch will run: where it is, what it writes.
struct ScheduledJob: Sendable {
    let line: JobFile.Line
    let output: String
    let id: String?
}
