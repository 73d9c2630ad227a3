import ArgumentParser
import FlipTransCore
import FlipTransMedia

/// `fliptrans still A B --at T -o frame.png`: one frame of the transition, for posters and checks.
struct StillCommand: JobCommand {
    static let configuration = CommandConfiguration(
        commandName: "still",
        abstract: "Write the single frame at time fraction T of the transition as a PNG or a JPEG.",
        discussion: """
            Examples:
              fliptrans still a.png b.png --at 0.5 -o middle.png
              fliptrans still a.png b.png --at 0.3 -o poster.png --page --size 1280x720
            """ + "\n\n" + TransitionHelp.text
    )

    @OptionGroup var images: ImagePairArguments

    @OptionGroup var transition: TransitionDrawingArguments
    @OptionGroup(title: "Timing") var moment: MomentArguments
    @OptionGroup(title: "Frame") var frame: FrameArguments
    @OptionGroup(title: "Output") var destination: StillOutputArguments
    @OptionGroup(title: "Output") var existing: SkipExistingArguments
    @OptionGroup(title: "Console") var console: ConsoleArguments

    var output: String { destination.output }

    static let timeFraction = TransitionParameter.number("at", .between(0, 1), default: nil, help: "")

    func job() throws -> RenderJob {
        let format = try OutputRegistry.standard.format(for: output, kind: .still)
        let (clip, fps) = try transition.makeMomentClip()
        return try RenderJob(images: images.paths, frame: try frame.policy(), timeline: Timeline(clip: clip, at: try Self.timeFraction.check(moment.at)),
                             fps: fps, output: output, format: format)
    }

    func run(_ job: RenderJob) throws -> RenderStatistics {
        try console.run(job)
    }
}
