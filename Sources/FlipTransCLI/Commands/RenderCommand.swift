import ArgumentParser
import FlipTransCore
import FlipTransMedia

/// `fliptrans A B -o OUT`: the transition from A to B as a video.
struct RenderCommand: JobCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render the transition from image A to image B as an MP4 or WebM video (the default command).",
        discussion: TransitionHelp.text
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

    func job() throws -> RenderJob {
        try transition.checkDurationAndGesture()
        let holdFrames = TransitionClip.frameCount(seconds: try TimelineParameters.hold.check(hold), fps: try transition.frameRate())
        return try RenderJob(images: images.paths, frame: try frame.policy(),
                             timeline: Timeline(clip: try transition.makeClip(), holdFrames: holdFrames), fps: try transition.frameRate(),
                             output: output, format: try encoding.videoFormat(of: output), options: encoding.options)
    }

    func run(_ job: RenderJob) throws {
        statistics.report(try console.run(job))
    }
}
