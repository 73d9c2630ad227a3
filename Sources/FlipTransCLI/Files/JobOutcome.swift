/// What a batch's worker process (`batch-worker`) reports to the batch as a job ends, one JSON object on one line:
/// `{"frames": 30}` when it rendered, `{"error": "jobs.jsonl: line 3: a.png: no such file"}`
/// when it failed, with the job's `warnings` (and notes) if it had any. Text that is no report
/// (a process that ended without one) reads as nil.
struct JobOutcome: JSONLine, Equatable {
    var frames: Int?
    var error: String?
    var warnings: [String]?

    init(frames: Int, warnings: [String]) {
        self.frames = frames
        self.warnings = warnings.isEmpty ? nil : warnings
    }

    init(error: String, warnings: [String] = []) {
        self.error = error
        self.warnings = warnings.isEmpty ? nil : warnings
    }
}
