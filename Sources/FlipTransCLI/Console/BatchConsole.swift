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
    /// Held while a line is written, so lines of jobs running at once never interleave.
    private let writing = Mutex(())

    /// Opens the report file (replacing one that exists); a report that cannot be made is a
    /// usage error, found before any job runs.
    init(json: Bool, quiet: Bool, reportPath: String?) throws {
        self.json = json
        self.quiet = quiet
        report = Mutex(try reportPath.map(ReportFile.init))
    }

    func started(_ job: ScheduledJob, worker: pid_t? = nil) {
        var event = BatchEvent(.start, job: job)
        event.worker = worker
        if json { write(json: event) }
    }

    func progress(_ job: ScheduledJob, line: String) {
        if json, let event = BatchEvent.progress(of: job, from: line) { write(json: event) }
    }

    func ended(_ job: ScheduledJob, status: BatchEvent.Status, error: String? = nil, frames: Int? = nil, seconds: Double? = nil) {
        var event = BatchEvent(.end, job: job)
        event.status = status
        event.error = error
        event.frames = frames
        // Milliseconds are plenty, and keep the number short.
        event.seconds = seconds.map { ($0 * 1000).rounded() / 1000 }
        switch status {
        case .done: write(text: quiet ? nil : "done: \(job.output)", json: event)
        case .failed: write(text: "failed: \(error ?? "")", json: event)
        case .skipped: write(text: nil, json: event)
        case .ready: write(text: quiet ? nil : "ready: \(job.output)", json: event)
        }
    }

    func refused(line: JobFile.Line, error: String) {
        var event = BatchEvent(.refused)
        event.line = line.number
        event.error = error
        write(text: "Error: \(error)", json: event)
    }

    /// The last line: the tally, and the signal that stopped the batch, if one did.
    func summary(_ tally: BatchTally, signal: Int32? = nil) {
        var event = BatchEvent(.summary)
        (event.done, event.failed, event.skipped, event.refused, event.unfinished, event.signal) =
            (tally.done, tally.failed, tally.skipped, tally.refused, tally.unfinished, signal)
        write(text: tally.summary(signal: signal), json: event, toReport: false)
    }

    /// Why the report could not be written, if it could not.
    var reportFailure: String? {
        report.withLock { $0?.failure }
    }

    private func write(text: String? = nil, json event: BatchEvent, toReport: Bool = true) {
        writing.withLock { _ in
            if let text { StandardError.write(text) }
            if json { try? StandardStream.output.write(event.text + "\n") }
            if toReport, event.event == .end || event.event == .refused { report.withLock { $0?.append(event.text) } }
        }
    }
}

/// The `--report` file, written a line at a time.
final class ReportFile {
    let path: String
    private let descriptor: Int32
    /// The first write that failed, with the system's reason.
    private(set) var failure: String?

    init(_ path: String) throws {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw CLIError("--report \(path): cannot write the report (\(String(cString: strerror(errno))))") }
        self.path = path
    }

    func append(_ line: String) {
        guard failure == nil else { return }
        let bytes = Array((line + "\n").utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        if written != bytes.count {
            failure = "--report \(path): cannot write the report (\(String(cString: strerror(written < 0 ? errno : ENOSPC))))"
        }
    }

    deinit { close(descriptor) }
}

/// How many jobs of a batch ended how.
struct BatchTally: Sendable {
    var done = 0
    var failed = 0
    var skipped = 0
    var refused = 0
    /// Jobs of this shard not finished when a signal stopped the batch.
    var unfinished = 0

    /// `--check`'s tally: `done` counts the jobs ready to run.
    var checking = false

    func summary(signal: Int32?) -> String {
        let counts = "\(done) done, \(failed) failed, \(skipped) skipped"
        if checking { return "batch --check: \(done) ready, \(failed) would fail" }
        if refused > 0 { return "batch: \(refused) bad job line\(refused == 1 ? "" : "s"); nothing rendered" }
        guard let signal else { return "batch: " + counts }
        return "batch: stopped by signal \(signal): \(counts), \(unfinished) unfinished"
    }
}
