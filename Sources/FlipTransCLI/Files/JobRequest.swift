import Foundation

/// What a batch asks its worker process (`batch-worker`) to run, one JSON object on one line:
/// a line of the job file and where it is, for messages (`jobs.jsonl: line 3`).
struct JobRequest: Codable, Equatable {
    var line: String
    var context: String

    var text: String {
        // JSON escapes the line breaks a value may hold, so the request stays one line.
        String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self)
    }

    /// The request `text` holds; nil for text that is none.
    init?(text: String) {
        guard let request = try? JSONDecoder().decode(JobRequest.self, from: Data(text.utf8)) else { return nil }
        self = request
    }

    init(line: String, context: String) {
        self.line = line
        self.context = context
    }
}
