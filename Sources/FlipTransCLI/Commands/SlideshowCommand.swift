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
              fliptrans slideshow photos/ -o holiday.mp4 --audio song.mp3 --fit-to-audio
              fliptrans slideshow --spec show.yaml --hold 4    # options beside a spec replace its values

            --transition cycle turns through every transition and style in turn.
            """ + "\n\n" + TransitionHelp.text
    )

    @Argument(help: "The images, in order; a folder gives its images in natural name order (img2 before img10).") var images: [String] = []

    @Option(name: .shortAndLong, help: ArgumentHelp("The output: .mp4, .webm, .mkv, .mov, .gif, .webp, .apng, a numbered sequence such as 'frames/f%04d.png' or '.jpg', .y4m, .nut, or - for stdout (or 'output' in the spec).", valueName: "file"))
    var output: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds each image is shown still.", valueName: "seconds"))
    var hold = 2.0

    @Flag(help: "Add a transition from the last image back to the first, so the video loops seamlessly.")
    var loop = false

    @Option(help: "The order of the images: given (as listed; a folder's by name), name (natural order: img2 before img10), date (when each photo was taken: EXIF DateTimeOriginal, else the file's time) or shuffle (by --seed).")
    var order: SlideOrder = .given

    @Option(help: ArgumentHelp("The seed --order shuffle uses: the same seed gives the same order.", valueName: "n"))
    var seed: UInt64 = 0

    @Option(parsing: .unconditional, help: ArgumentHelp("The whole show's length: holds are scaled, keeping their proportions, so that it lasts this long.", valueName: "seconds"))
    var total: Double?

    @Option(help: ArgumentHelp("A YAML or JSON file describing the slideshow; options given beside it replace its top-level values.", valueName: "file"))
    var spec: String?

    @OptionGroup var music: AudioArguments

    @OptionGroup var statistics: StatisticsArguments
    @OptionGroup var transition: TransitionArguments
    @OptionGroup var frame: FrameArguments
    @OptionGroup var encoding: EncodingArguments
    @OptionGroup var console: ConsoleArguments

    /// One image with how long it stays, the transition that follows it, and how it looks.
    struct Slide {
        let image: String
        let hold: Double
        let next: TransitionClip
        var look: SlideLook? = nil
    }

    func job() throws -> RenderJob {
        guard let spec else {
            try transition.checkDurationAndGesture()
            let hold = try TimelineParameters.hold.check(hold)
            let images = order.arrange(try self.images.flatMap(SlideImages.expanding), path: { $0 }, seed: seed)
            return try job(slides: images.indices.map {
                Slide(image: images[$0], hold: hold, next: try transition.makeClip(forTransition: $0))
            })
        }
        guard images.isEmpty else { throw CLIError("\(spec): give the images either on the command line or in the spec, not both") }
        let show = try SlideshowSpec(contentsOf: spec, overrides: GivenArguments.beside(spec: spec))
        return try show.command.job(slides: show.slides)
    }

    func run(_ job: RenderJob) throws {
        statistics.report(try console.run(job))
    }

    /// The job for `slides`, whose holds and transitions are already checked.
    func job(slides: [Slide]) throws -> RenderJob {
        guard let output else { throw CLIError("no output: give -o FILE (or 'output' in the spec)") }
        guard !slides.isEmpty else { throw CLIError("\(output): a slideshow needs at least one image") }
        let fps = try transition.frameRate()
        let soundtrack = try music.soundtrack()
        let transitions = slides.map(\.next)
        var holdFrames = slides.map { TransitionClip.frameCount(seconds: $0.hold, fps: fps) }
        if let length = try showLength(soundtrack) {
            let transitionFrames = Timeline.slideshow(holdFrames: holdFrames.map { _ in 0 }, transitions: transitions, loop: loop).frameCount
            let frames = TransitionClip.frameCount(seconds: length.seconds, fps: fps)
            guard frames >= transitionFrames else {
                throw CLIError("\(length.option): the transitions alone last \(Self.seconds(fps.seconds(frames: transitionFrames))) s, longer than \(Self.seconds(length.seconds)) s; shorten --duration or show fewer slides")
            }
            holdFrames = HoldDistribution.frames(weights: slides.map(\.hold), total: frames - transitionFrames)
        }
        let timeline = Timeline.slideshow(holdFrames: holdFrames, transitions: transitions, loop: loop)
        var policy = try frame.policy()
        // Photos are far larger than a video needs or most players play (`H264Compatibility`).
        if !frame.sizeGiven { policy.sizeBound = FramePolicy.fullHD }
        var job = try RenderJob(images: slides.map(\.image), frame: policy, timeline: timeline, fps: fps,
                                output: output, format: try encoding.videoFormat(of: output), options: encoding.options,
                                soundtrack: soundtrack)
        job.looks = slides.indices.reduce(into: [:]) { looks, index in looks[index] = slides[index].look }
        return job
    }

    /// The length the show must have, if one is asked for: `--total`, or the music's with
    /// `--fit-to-audio` (which reads the audio file's length).
    private func showLength(_ soundtrack: Soundtrack?) throws -> (seconds: Double, option: String)? {
        if let total {
            guard !music.fitToAudio else { throw CLIError("--total and --fit-to-audio each set the length; give one") }
            guard total > 0, total <= TimelineParameters.longestSeconds else {
                throw CLIError("--total must be more than 0 and at most 3600 seconds, got \(total)")
            }
            return (total, "--total")
        }
        guard music.fitToAudio, let soundtrack else { return nil }
        return (try soundtrack.playableDuration(), "--fit-to-audio")
    }

    private static func seconds(_ value: Double) -> String { String(format: "%.2f", value) }
}
