import ArgumentParser
import FlipTransCore
import FlipTransMedia

/// `fliptrans A B -o OUT`: the transition from A to B as a video.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render the transition from image A to image B as an MP4 or WebM video (the default command)."
    )

    @Argument(help: "The first image (shown at the start).") var a: String
    @Argument(help: "The second image (shown at the end).") var b: String

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
        try OutputPath.check(output, inputs: [a, b])
        let clip = try transition.makeClip()
        try frame.check()
        let timeline = Timeline(clip: clip, holdFrames: TransitionClip.frameCount(seconds: hold, fps: transition.fps))

        var stopwatch = Stopwatch()
        let inputs = try InputImages([a, b], frame: frame, warn: console.warn)
        let images = [try inputs.image(0), try inputs.image(1)]
        let decodeTime = stopwatch.lap()
        let encoder = try VideoEncoder(writingTo: output, settings: encoding.settings(
            format: format, size: images[0].size, fps: transition.fps))
        let progress = console.progressReporter(total: timeline.frameCount)
        let renderTime = try TimelinePlayer(background: try frame.backgroundColor())
            .play(timeline, image: { images[$0] }, into: encoder, progress: progress.update)
        try encoder.finish()
        progress.finish()
        statistics.report(Statistics(frames: timeline.frameCount, decode: decodeTime, render: renderTime,
                                     encoder: encoder.statistics, total: stopwatch.total))
    }
}
