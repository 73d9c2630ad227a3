import ArgumentParser
import FlipTransMedia
import Foundation

/// `--stats`: where the time of a video render went, on stderr after it finishes.
struct StatisticsArguments: ParsableArguments {
    @Flag(inversion: .prefixedNo, help: "Print where the time went: decode, waiting for images, render, waiting for frames, convert, encode; and the build and threads that ran.")
    var stats = false

    func report(_ statistics: RenderStatistics) {
        if stats { StandardError.write(Self.summary(of: statistics)) }
    }

    static func summary(of statistics: RenderStatistics) -> String {
        let frames = statistics.frames
        func seconds(_ value: Double) -> String { String(format: "%.3f s", value) }
        /// Frames per second of wall time spent in one stage.
        func rate(_ seconds: Double) -> String { seconds > 0 ? String(format: "%.1f fps", Double(frames) / seconds) : "-" }
        let (decode, render, total) = (statistics.decode.seconds, statistics.render.seconds, statistics.total.seconds)
        return "stats: frames \(frames) · decode \(seconds(decode)) · waited for images \(seconds(statistics.waitingForImages.seconds))"
            + " · render \(seconds(render)) (\(rate(render)))"
            + " · waited for frames \(seconds(statistics.waitingForFrames.seconds))"
            + " · convert \(seconds(statistics.output.conversionSeconds)) · encode \(seconds(statistics.output.encodingSeconds))"
            + " · total \(seconds(total)) (\(rate(total))) · build \(ProcessorLevel.current) · threads \(CPULimit.threads)"
    }
}
