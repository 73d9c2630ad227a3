/// How many jobs of a batch ended how.
struct BatchTally: Sendable {
    var done = 0
    var failed = 0
    var skipped = 0
    var refused = 0
    /// Jobs of this shard not finished when a signal stopped the batch.
    var unfinished = 0

    /// `--check`'s tally: jobs `ready` to run, and `failed`, which would fail.
    var checking = false
    var ready = 0

    /// Counts a job that ended so.
    mutating func count(_ status: BatchEvent.Status) {
        unfinished -= 1
        switch status {
        case .done: done += 1
        case .ready: ready += 1
        case .failed: failed += 1
        case .skipped: skipped += 1
        case .stopped: break
        }
    }

    func summary(signal: Int32?) -> String {
        let counts = "\(done) done, \(failed) failed, \(skipped) skipped"
        if checking {
            let found = "\(ready) ready, \(failed) would fail" + (skipped > 0 ? ", \(skipped) skipped" : "")
            return "batch --check: " + (signal.map { "stopped by signal \($0): " } ?? "") + found
        }
        if refused > 0 { return "batch: \(refused) bad job line\(refused == 1 ? "" : "s"); nothing rendered" }
        guard let signal else { return "batch: " + counts }
        return "batch: stopped by signal \(signal): \(counts), \(unfinished) unfinished"
    }
}
