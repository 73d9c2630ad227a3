import ArgumentParser
import FlipTransMedia
import Foundation

/// How progress is shown while frames are written.
enum ProgressStyle: String, CaseInsensitiveWord, CaseIterable {
    /// A bar on stderr when it is a terminal, else nothing.
    case auto
    /// A one-line bar redrawn on stderr.
    case bar
    /// One JSON object per line on stdout — frame, total, fps, eta_seconds — for other programs.
    case json
    case none
}

/// Reports frames done of total, the speed and the time left, at most ten times a second and
/// always for the last frame. A report that cannot be written is kept as `failure`.
final class ProgressReporter {
    private let style: ProgressStyle
    /// Where JSON progress goes: stdout, unless the video does.
    private let jsonStream: StandardStream
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var lastReport: ContinuousClock.Instant?
    /// Why a report could not be written; nothing more is written after it.
    private(set) var failure: CLIError?
    /// The bar's line, which warnings share (`say`).
    let barLine = BarLine()
    /// Whether the bar has been drawn since the last `finish`.
    private var barDrawn = false
    private var rate = ProgressRate()

    /// `style` must already be resolved: bar, json or none.
    init(style: ProgressStyle, json jsonStream: StandardStream) {
        self.style = style
        self.jsonStream = jsonStream
        start = clock.now
    }

    /// `total` counts the frames to write times the passes over them (a GIF's palette renders
    /// the frames twice).
    func update(_ done: Int, of total: Int) {
        guard style == .bar || style == .json, failure == nil else { return }
        let now = clock.now
        if let lastReport, now - lastReport < .milliseconds(100), done < total { return }
        lastReport = now
        let (fps, remaining) = rate.estimate(done: done, of: total, elapsed: now - start)
        if style == .json {
            let line = String(format: #"{"frame":%d,"total":%d,"fps":%.2f,"eta_seconds":%.2f}"#, done, total, fps, remaining)
            write(line + "\n", to: jsonStream)
        } else {
            let figures = String(format: " %d/%d frames  %.1f fps  ETA %.0f s ", done, total, fps, remaining)
            // Within the terminal's width: a line that wraps is drawn anew on the next row each time.
            let columns = Self.terminalColumns()
            // The bar's width is kept from report to report: figures as wide as they may grow.
            let widest = String(format: " %d/%d frames  %.1f fps  ETA %.0f s ", total, total, 9999.9, 9999.0).count
            let width = min(30, max(0, columns - 3 - widest))
            let filled = total > 0 ? width * done / total : width
            let bar = width > 0 ? "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]" : ""
            let line = "\r" + String((bar + figures).prefix(columns - 1))
            if !barDrawn {
                // Stopped by Ctrl-C, the process ends without returning here: the shell's prompt
                // would follow the bar on its line.
                let barLine = barLine
                InterruptCleanup.setFinalWords { _ in barLine.end { try? StandardStream.error.write("\n") } }
            }
            barDrawn = true
            barLine.draw { write(line, to: .error) }
        }
    }

    /// The width of the terminal on stderr, 80 when it does not say.
    private static func terminalColumns() -> Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// Ends the bar's line, if the bar is on it, so what follows (the next line, an error)
    /// starts on a fresh one.
    func finish() {
        guard barDrawn else { return }
        barDrawn = false
        InterruptCleanup.setFinalWords { _ in }
        barLine.end { write("\n", to: .error) }
    }

    private func write(_ text: String, to stream: StandardStream) {
        do {
            try stream.write(text)
        } catch {
            failure = CLIError("\(error.stream): cannot write the progress (\(error.reason))")
        }
    }
}
