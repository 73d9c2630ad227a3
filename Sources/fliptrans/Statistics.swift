import Foundation
import FlipTransMedia

/// Where the time of one render went, for `--stats` and the benchmark script.
struct Statistics {
    let frames: Int
    let decode: Duration
    let render: Duration
    let encoder: EncoderStatistics
    let total: Duration

    var summary: String {
        "stats: frames \(frames) · decode \(seconds(decode)) · render \(seconds(render)) (\(rate(render)))"
            + " · convert \(seconds(encoder.convertTime)) · encode \(seconds(encoder.encodeTime))"
            + " · total \(seconds(total)) (\(rate(total)))"
    }

    private func seconds(_ duration: Duration) -> String {
        String(format: "%.3f s", duration.seconds)
    }

    /// Frames per second of wall time spent in one stage.
    private func rate(_ duration: Duration) -> String {
        duration > .zero ? String(format: "%.1f fps", Double(frames) / duration.seconds) : "-"
    }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
