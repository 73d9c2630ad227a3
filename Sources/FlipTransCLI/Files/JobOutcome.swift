import Foundation

/// What a batch's worker process (`batch-worker`) reports to the batch as a job ends, one JSON object on one line:
/// `{"frames": 30}` when it rendered, `{"error": "jobs.jsonl: line 3: a.png: no such file"}`
/// when it failed.
struct JobOutcome: Codable, Equatable {
    var frames: Int?
    var error: String?

    var text: String {
        String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self)
    }

    /// The report's outcome; nil for a report that is none (a process that ended without one).
    init?(report: String) {
        guard let outcome = try? JSONDecoder().decode(JobOutcome.self, from: Data(report.utf8)) else { return nil }
        self = outcome
    }

    init(frames: Int) { self.frames = frames }
    init(error: String) { self.error = error }
}
