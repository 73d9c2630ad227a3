import ArgumentParser
import FlipTransCore
import FlipTransMedia

/// `fliptrans A B -o OUT`: the transition from A to B as a video.
struct RenderCommand: JobCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render the transition from image A to image B as a video or an animation (the default command).",
        discussion: TransitionHelp.text
    )

    @OptionGroup var images: ImagePairArguments

    @Option(name: .shortAndLong, help: ArgumentHelp("The output: .mp4, .webm, .mkv, .mov, .gif, .webp, .apng, a numbered sequence such as 'frames/f%04d.png' or '.jpg', .y4m, .nut, or - for stdout.", valueName: "file"))
    var output: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to show A still before the transition and B after it (at most 3600).", valueName: "seconds"))
    var hold = 0.0

    @OptionGroup var statistics: StatisticsArguments
    @OptionGroup var transition: TransitionArguments
    @OptionGroup var frame: FrameArguments
    @OptionGroup var encoding: EncodingArguments
    @OptionGroup var console: ConsoleArguments

    func job() throws -> RenderJob {
        try checkNotAStill()
        try transition.checkDurationAndGesture()
        let holdFrames = TransitionClip.frameCount(seconds: try TimelineParameters.hold.check(hold), fps: try transition.frameRate())
        return try RenderJob(images: images.paths, frame: try frame.policy(),
                             timeline: Timeline(clip: try transition.makeClip(), holdFrames: holdFrames), fps: try transition.frameRate(),
                             output: output, format: try encoding.videoFormat(of: output), options: encoding.options)
    }

    /// `-o frame.png` names one picture, which is what `still` writes: the user most likely
    /// wanted a frame, not a sequence of frames without the pattern that numbers them.
    private func checkNotAStill() throws {
        guard encoding.format == nil, !FilePaths.name(of: output).contains("%"),
              (try? OutputRegistry.standard.format(for: output, kind: .still)) != nil else { return }
        throw CLIError("\(output): one picture is one frame: write it with 'fliptrans still \(images.a) \(images.b) --at 0.5 -o \(output)'"
            + "; for every frame give a pattern such as 'frames/f%04d.png', or write .apng, .webp or .gif for one animated file")
    }

    func run(_ job: RenderJob) throws {
        statistics.report(try console.run(job))
    }
}
