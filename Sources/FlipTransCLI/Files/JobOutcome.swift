import Foundation

/// What a batch's worker process (`batch-worker`) reports to the batch as a job ends, one JSON object on one line:
/// `{"frames": 30}` when it rendered, `{"error": "jobs.jsonl: line 3: a.png: no such file"}`
/// when it failed. Text that is no report (a process that ended without one) reads as nil.
struct JobOutcome: JSONLine, Equatable {
    var frames: Int?
    var error: String?

    init(frames: Int) { self.frames = frames }
    init(error: String) { self.error = error }
}
