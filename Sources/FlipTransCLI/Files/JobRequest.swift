/// What a batch asks its worker process (`batch-worker`) to run, one JSON object on one line:
/// a line of the job file and where it is, for messages (`jobs.jsonl: line 3`).
struct JobRequest: JSONLine, Equatable {
    var line: String
    var context: String

    init(line: String, context: String) {
        self.line = line
        self.context = context
    }
}
