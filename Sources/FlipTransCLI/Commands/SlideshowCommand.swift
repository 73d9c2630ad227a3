import ArgumentParser
import FlipTransCore
import FlipTransMedia

/// `fliptrans slideshow IMG… -o show.mp4`: every image held, neighbours joined by transitions.
struct SlideshowCommand: JobCommand {
    static let configuration = CommandConfiguration(
        commandName: "slideshow",
        abstract: "Render a slideshow: each image held, neighbours joined by a transition.",
        discussion: """
            Examples:
              fliptrans slideshow shots/*.png -o tour.mp4 --transition page --hold 3
              fliptrans slideshow shots/*.jpg -o loop.webm --transition cycle --loop --fit blur
              fliptrans slideshow --spec show.yaml

            --transition cycle turns through every transition and style in turn.
            """ + "\n\n" + TransitionHelp.text
    )

    @Argument(help: "The images, in order.") var images: [String] = []

    @Option(name: .shortAndLong, help: ArgumentHelp("The video to write: .mp4 or .webm (or 'output' in the spec).", valueName: "file"))
    var output: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds each image is shown still.", valueName: "seconds"))
    var hold = 2.0

    @Flag(help: "Add a transition from the last image back to the first, so the video loops seamlessly.")
    var loop = false

    @Option(help: ArgumentHelp("A YAML or JSON file describing the slideshow; the command line then adds only -o, --quiet, --progress and --stats.", valueName: "file"))
    var spec: String?

    @OptionGroup var statistics: StatisticsArguments
    @OptionGroup var transition: TransitionArguments
    @OptionGroup var frame: FrameArguments
    @OptionGroup var encoding: EncodingArguments
    @OptionGroup var console: ConsoleArguments

    /// One image with how long it stays and the transition that follows it.
    struct Slide {
        let image: String
        let hold: Double
        let next: TransitionClip
    }

    func job() throws -> RenderJob {
        guard let spec else {
            let hold = try TimelineParameters.hold.check(hold)
            return try job(slides: images.indices.map {
                Slide(image: images[$0], hold: hold, next: try transition.makeClip(forTransition: $0))
            })
        }
        guard images.isEmpty else { throw CLIError("\(spec): give the images either on the command line or in the spec, not both") }
        let show = try SlideshowSpec(contentsOf: spec)
        var described = show.command
        described.output = output ?? described.output
        return try described.job(slides: show.slides)
    }

    func run(_ job: RenderJob) throws {
        statistics.report(try console.run(job))
    }

    /// The job for `slides`, whose holds and transitions are already checked.
    func job(slides: [Slide]) throws -> RenderJob {
        guard let output else { throw CLIError("no output: give -o FILE (or 'output' in the spec)") }
        guard !slides.isEmpty else { throw CLIError("\(output): a slideshow needs at least one image") }
        let fps = transition.fps
        let timeline = Timeline.slideshow(holdFrames: slides.map { TransitionClip.frameCount(seconds: $0.hold, fps: fps) },
                                          transitions: slides.map(\.next), loop: loop)
        return try RenderJob(images: slides.map(\.image), frame: try frame.policy(), timeline: timeline, fps: fps,
                             output: output, format: try encoding.videoFormat(of: output), options: encoding.options)
    }
}
