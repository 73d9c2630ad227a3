import Foundation

/// A one-line progress bar redrawn on stderr: frames done of total, speed and time left.
final class ProgressBar {
    private let total: Int
    private let enabled: Bool
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var lastDrawn: ContinuousClock.Instant?

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled
        start = clock.now
    }

    func update(_ done: Int) {
        guard enabled else { return }
        let now = clock.now
        // Redraw at most ten times a second, and always at the end.
        if let lastDrawn, now - lastDrawn < .milliseconds(100), done < total { return }
        lastDrawn = now
        let elapsed = (now - start).seconds
        let fps = elapsed > 0 ? Double(done) / elapsed : 0
        let remaining = fps > 0 ? Double(total - done) / fps : 0
        let width = 30
        let filled = total > 0 ? width * done / total : width
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let line = String(format: "\r[%@] %d/%d frames  %.1f fps  ETA %.0f s ", bar, done, total, fps, remaining)
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Ends the bar's line so what follows starts on a fresh one.
    func finish() {
        if enabled { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
