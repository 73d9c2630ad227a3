/// A job line the batch will run: where it is, what it writes.
struct ScheduledJob: Sendable {
    let line: JobFile.Line
    let output: String
    let id: JobID?
    /// The file whose being there shows the job finished (`--skip-existing`): its output, or
    /// for a numbered sequence the frame moved into place last (frames are moved in name order
    /// once all are written, so a sequence's pattern itself never exists).
    let finishedFile: String
}
