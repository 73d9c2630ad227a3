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
        "stats: frames \(frames) · decode \(seconds(decode.seconds)) · render \(seconds(render.seconds)) (\(rate(render.seconds)))"
            + " · convert \(seconds(encoder.conversionSeconds)) · encode \(seconds(encoder.encodingSeconds))"
            + " · total \(seconds(total.seconds)) (\(rate(total.seconds)))"
    }

    private func seconds(_ value: Double) -> String {
        String(format: "%.3f s", value)
    }

    /// Frames per second of wall time spent in one stage.
    private func rate(_ seconds: Double) -> String {
        seconds > 0 ? String(format: "%.1f fps", Double(frames) / seconds) : "-"
    }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
