import ArgumentParser
import FlipTransCore
import FlipTransMedia

/// `fliptrans A B -o OUT`: the transition from A to B as a video.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render the transition from image A to image B as an MP4 or WebM video (the default command)."
    )

    @OptionGroup var images: ImagePairArguments

    @Option(name: .shortAndLong, help: ArgumentHelp("The video to write: .mp4 (H.264) or .webm (VP9).", valueName: "file"))
    var output: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to show A still before the transition and B after it (at most 3600).", valueName: "seconds"))
    var hold = 0.0

    @OptionGroup var statistics: StatisticsArguments
    @OptionGroup var transition: TransitionArguments
    @OptionGroup var frame: FrameArguments
    @OptionGroup var encoding: EncodingArguments
    @OptionGroup var console: ConsoleArguments

    func run() throws {
        let format = try encoding.format(of: output)
        try TransitionArguments.checkHold(hold)
        try images.check(output: output)
        let clip = try transition.makeClip()
        try frame.check()
        let timeline = Timeline(clip: clip, holdFrames: TransitionClip.frameCount(seconds: hold, fps: transition.fps))

        var stopwatch = Stopwatch()
        let (a, b) = try images.load(frame: frame, warn: console.warn)
        let decodeTime = stopwatch.lap()
        let encoder = try VideoEncoder(writingTo: output, settings: encoding.settings(
            format: format, size: a.size, fps: transition.fps))
        let progress = console.progressReporter(total: timeline.frameCount)
        let renderTime = try TimelinePlayer(background: try frame.backgroundColor())
            .play(timeline, image: { $0 == 0 ? a : b }, into: encoder, progress: progress.update)
        try encoder.finish()
        progress.finish()
        statistics.report(Statistics(frames: timeline.frameCount, decode: decodeTime, render: renderTime,
                                     encoder: encoder.statistics, total: stopwatch.total))
    }
}
