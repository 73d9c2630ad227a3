import FlipTransMedia
import Foundation
import Synchronization

/// Where a batch says what happens, from any of its job threads, one whole line at a time:
/// lines for people on stderr (`done: out.mp4`, `failed: jobs.jsonl: line 3: …`, the summary),
/// JSON events on stdout with `--progress json`, and the `end` and `refused` events in the
/// `--report` file, each written as it happens, so a batch stopped midway leaves a true report.
final class BatchConsole: Sendable {
    private let json: Bool
    private let quiet: Bool
    private let report: Mutex<ReportFile?>
    /// Held while a line is written, so lines of jobs running at once never interleave; holds
    /// why the JSON events could not be written, once they could not.
    private let writing = Mutex<String?>(nil)

    /// The most characters a line for people keeps (`OneLine.shortened`).
    static let longestLine = 8 * OneLine.longest

    /// Opens the report file (replacing one that exists); a report that cannot be made is a
    /// usage error, found before any job runs.
    init(json: Bool, quiet: Bool, reportPath: String?) throws {
        self.json = json
        self.quiet = quiet
        report = Mutex(try reportPath.map(ReportFile.init))
    }

    func started(_ job: ScheduledJob, worker: pid_t?) {
        var event = BatchEvent(.start, job: job)
        event.worker = worker
        if json { write(json: event) }
    }

    func progress(_ job: ScheduledJob, line: String) {
        if json, let event = BatchEvent.progress(of: job, from: line) { write(json: event) }
    }

    /// A job's end, after its warnings and notes (each on a line of its own, placed by the job's
    /// line in the job file, unless quiet).
    func ended(_ job: ScheduledJob, status: BatchEvent.Status, error: String? = nil, frames: Int? = nil,
               warnings: [String] = [], seconds: Double? = nil) {
        var event = BatchEvent(.end, job: job)
        event.status = status
        event.error = error
        event.frames = frames
        event.warnings = warnings.isEmpty ? nil : warnings
        if !quiet {
            for warning in warnings { StandardError.write(OneLine.escaping(Self.placed(warning, at: job.line.context))) }
        }
        // Milliseconds are plenty, and keep the number short.
        event.seconds = seconds.map { ($0 * 1000).rounded() / 1000 }
        switch status {
        case .done: write(text: quiet ? nil : "done: \(job.output)", json: event)
        case .failed: write(text: "failed: \(error ?? "")", json: event)
        case .skipped, .stopped: write(text: nil, json: event)
        case .ready: write(text: quiet ? nil : "ready: \(job.output)", json: event)
        }
    }

    func refused(_ refusal: BatchPlan.Refusal) {
        var event = BatchEvent(.refused)
        event.line = refusal.line.number
        event.id = refusal.id
        event.error = refusal.reason
        write(text: "Error: \(refusal.reason)", json: event)
    }

    /// `warning: a.jpg: …` said of the job at `context`: `warning: jobs.jsonl: line 3: a.jpg: …`;
    /// one placed already (by a slideshow written in the job's line) as it is.
    static func placed(_ warning: String, at context: String) -> String {
        let place = context + ": "
        for kind in ["warning: ", "note: "] where warning.hasPrefix(kind) {
            let said = warning.dropFirst(kind.count)
            return kind + (said.hasPrefix(place) ? "" : place) + said
        }
        return warning.hasPrefix(place) ? warning : place + warning
    }

    /// The last line: the tally, and the signal that stopped the batch, if one did.
    func summary(_ tally: BatchTally, signal: Int32? = nil) {
        var event = BatchEvent(.summary)
        if tally.checking {
            (event.ready, event.failed, event.signal) = (tally.ready, tally.failed, signal)
            if tally.skipped > 0 { event.skipped = tally.skipped }
        } else {
            (event.done, event.failed, event.skipped, event.refused, event.unfinished, event.signal) =
                (tally.done, tally.failed, tally.skipped, tally.refused, tally.unfinished, signal)
        }
        write(text: tally.summary(signal: signal), json: event, toReport: false)
    }

    /// Why the report or the JSON events could not be written (a full disk, a reader that went
    /// away), if they could not (each said on stderr when it happened): the batch then fails,
    /// as `render --progress json` does.
    var failures: [String] {
        [report.withLock { $0?.failure }, writing.withLock { $0 }].compactMap { $0 }
    }

    private func write(text: String? = nil, json event: BatchEvent, toReport: Bool = true) {
        writing.withLock { eventsFailure in
            // A line quoting a huge value (a 100 KB transition name) is shortened, at a length
            // that leaves a job's list of problems (every missing image named) whole; one quoting
            // a line break (an output named "o\nfailed: x.mp4") is escaped, so no line is forged.
            if let text { StandardError.write(OneLine.shortened(OneLine.escaping(text), longest: Self.longestLine)) }
            // A failure is said when it happens, not after the last job: the jobs go on (their
            // outputs are files), and the batch then fails.
            do throws(StreamWriteError) {
                if json, eventsFailure == nil { try StandardStream.output.write(event.text + "\n") }
            } catch {
                eventsFailure = "\(error.stream): cannot write the JSON events (\(error.reason))"
                StandardError.write("Error: \(eventsFailure!)")
            }
            if toReport, event.event == .end || event.event == .refused {
                report.withLock { report in
                    guard let file = report, file.failure == nil else { return }
                    file.append(event.text)
                    if let failure = file.failure { StandardError.write("Error: \(failure)") }
                }
            }
        }
    }
}
