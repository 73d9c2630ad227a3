import Foundation

/// One line of `batch --progress json` on stdout, and of `batch --report FILE`: a JSON object
/// whose `event` says what happened. Every event about a job carries its `line` in the job file
/// (the job's id within the file), its `id` if the line gives one, and its `output`.
///
/// - `start`: a job started; `worker`, the process id of the worker running it, only when the
///   environment asks for it (`BatchRun.workerVariable`).
/// - `progress`: `frame` of `total` written, `fps`, `eta_seconds`.
/// - `end`: `status` done, failed, skipped or stopped (`ready`, failed or skipped for `--check`); `error` (why it failed), `frames` (written),
///   `warnings` (the job's warnings and notes, as the command prints them), `seconds` (wall time of the job).
/// - `refused`: a bad job line, found before any job ran; `error` says why (`id` if the line gives a valid one).
/// - `summary`, last: `done`, `failed`, `skipped`, `refused`, `unfinished` (jobs running or waiting when a signal stopped the batch), and the `signal` that
///   stopped the batch, if one did; for `--check`, `ready`, `failed` (jobs that would fail) and `skipped` (if any were).
struct BatchEvent: Encodable {
    enum Kind: String, Encodable {
        case start, progress, end, refused, summary
    }

    enum Status: String, Encodable {
        /// `ready`: `batch --check` found nothing wrong with the job; `stopped`: a signal stopped
        /// the batch while it ran.
        case done, failed, skipped, ready, stopped
    }

    var event: Kind
    var line: Int?
    var id: JobID?
    var output: String?
    var worker: pid_t?
    var frame: Int?
    var total: Int?
    var fps: Double?
    var etaSeconds: Double?
    var status: Status?
    var error: String?
    var frames: Int?
    var warnings: [String]?
    var seconds: Double?
    var done: Int?
    var ready: Int?
    var failed: Int?
    var skipped: Int?
    var refused: Int?
    var unfinished: Int?
    var signal: Int32?

    init(_ event: Kind, job: ScheduledJob? = nil) {
        self.event = event
        line = job?.line.number
        id = job?.id
        output = job?.output
    }

    /// The object on one line (absent values left out).
    var text: String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }

    /// A job's progress, from a progress line of its process (`ProgressReporter`'s JSON); nil
    /// for a line that is none.
    static func progress(of job: ScheduledJob, from line: String) -> BatchEvent? {
        struct Reported: Decodable {
            let frame: Int, total: Int, fps: Double, eta_seconds: Double
        }
        guard let reported = try? JSONDecoder().decode(Reported.self, from: Data(line.utf8)) else { return nil }
        var event = BatchEvent(.progress, job: job)
        (event.frame, event.total, event.fps, event.etaSeconds) = (reported.frame, reported.total, reported.fps, reported.eta_seconds)
        return event
    }
}
