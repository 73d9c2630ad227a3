import ArgumentParser
import FlipTransCore
import FlipTransMedia

/// `fliptrans A B -o OUT`: the transition from A to B as a video.
struct RenderCommand: JobCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render the transition from image A to image B as a video or an animation (the default command).",
        discussion: examples + "\n\n" + TransitionHelp.text
    )

    static let examples = """
        Examples:
          fliptrans a.png b.png -o out.mp4
          fliptrans a.png b.png -o out.webm --page --direction up --hold 1
          fliptrans a.png b.png -o out.mp4 --fold cubic --timing ease-out --shadow 0.5
          fliptrans a.png b.png -o out.mp4 --timing 'cubic-bezier(0.2,0.8,0.2,1)'
          fliptrans a.png b.png -o board.mp4 --clock --tiles 8x4 --stagger 0.03
          fliptrans a.png b.png -o demo.gif --hold 0.5
          fliptrans a.png b.png -o overlay.mov --background transparent
          fliptrans a.png b.png -o 'frames/f%04d.png'
          fliptrans a.png b.png -o - | x264 --demuxer y4m -o out.264 -
        """

    @OptionGroup var images: ImagePairArguments
    // In this order in the help: its sections follow the order options first appear in.
    @OptionGroup var transition: TransitionArguments
    @OptionGroup(title: "Timing") var holds: HoldArguments
    @OptionGroup(title: "Frame") var frame: FrameArguments
    @OptionGroup(title: "Output") var destination: VideoOutputArguments
    @OptionGroup(title: "Output") var existing: SkipExistingArguments
    @OptionGroup(title: "Encoding") var encoding: EncodingArguments
    @OptionGroup(title: "Console") var console: ConsoleArguments
    @OptionGroup(title: "Console") var statistics: StatisticsArguments

    var output: String { destination.output }

    func job() throws -> RenderJob {
        try checkNotAStill()
        try transition.checkDurationAndGesture()
        let (before, after) = try holds.checked(), fps = try transition.frameRate()
        let timeline = Timeline(clip: try transition.makeClip(), holdFramesBefore: fps.frames(seconds: before), after: fps.frames(seconds: after))
        var job = try RenderJob(images: images.paths, frame: try frame.policy(),
                                timeline: timeline, fps: fps,
                                output: output, format: try encoding.videoFormat(of: output), options: encoding.options)
        job.describingFiles = transition.finger.gestureFile.map { [TextFile.reopenable($0)] } ?? []
        return job
    }

    /// `-o frame.png` names one picture, which is what `still` writes: the user most likely
    /// wanted a frame, not a sequence of frames without the pattern that numbers them.
    private func checkNotAStill() throws {
        guard encoding.format == nil, !FilePaths.name(of: output).contains("%"),
              (try? OutputRegistry.standard.format(for: output, kind: .still)) != nil else { return }
        // An input as the output, which `still` would refuse too, is said first; a folder not
        // there yet is not (a batch makes it), as the pattern the line asks for is what matters.
        try OutputPath.checkFileItself(output, inputs: images.paths)
        throw CLIError("\(output): one picture is one frame: write it with 'fliptrans still \(images.a) \(images.b) --at 0.5 -o \(output)'"
            + "; for every frame give a pattern such as 'frames/f%04d.\(FilePaths.extension(of: output))', or write .apng, .webp or .gif for one animated file")
    }

    func run(_ job: RenderJob) throws -> RenderStatistics {
        let rendered = try console.run(job)
        statistics.report(rendered)
        return rendered
    }
}
