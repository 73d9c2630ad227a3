import ArgumentParser
import FlipTransCore
import FlipTransMedia
import Foundation

/// `fliptrans slideshow IMG… -o show.mp4`: every image held, neighbours joined by transitions.
struct SlideshowCommand: JobCommand {
    static let configuration = CommandConfiguration(
        commandName: "slideshow",
        abstract: "Render a slideshow: each image held, neighbours joined by a transition.",
        discussion: """
            Examples:
              fliptrans slideshow shots/*.png -o tour.mp4 --transition page --hold 3
              fliptrans slideshow shots/*.jpg -o loop.webm --transition cycle --loop
              fliptrans slideshow photos/ -o holiday.mp4 --audio song.mp3 --fit-to-audio
              # options beside a spec replace its values:
              fliptrans slideshow --spec show.yaml --hold 4

            --transition cycle turns through every transition and style in turn.
            """ + "\n\n" + TransitionHelp.text
    )

    @Argument(help: "The images, in order; a folder gives its images in natural name order (img2 before img10).", completion: .file())
    var images: [String] = []

    @OptionGroup(title: "Slideshow") var show: SlideshowArguments
    @OptionGroup(title: "Music") var music: AudioArguments
    @OptionGroup var transition: TransitionArguments
    @OptionGroup(title: "Frame") var frame: FrameArguments
    @OptionGroup(title: "Output") var destination: SlideshowOutputArguments
    @OptionGroup(title: "Output") var existing: SkipExistingArguments
    @OptionGroup(title: "Encoding") var encoding: EncodingArguments
    @OptionGroup(title: "Console") var console: ConsoleArguments
    @OptionGroup(title: "Console") var statistics: StatisticsArguments

    var output: String? { destination.output }

    /// One image with how long it stays, the transition that follows it, and how it looks.
    struct Slide {
        let image: String
        let hold: Double
        let next: TransitionClip
        var look: SlideLook? = nil
    }

    func job() throws -> RenderJob {
        guard let spec = show.spec else {
            // A spec among the images would be refused as an image FFmpeg cannot decode.
            if let spec = images.first(where: { SpecDocument.extensions.contains(FilePaths.extension(of: $0)) }) {
                throw CLIError("\(spec): a slideshow spec is given with --spec (fliptrans slideshow --spec \(spec))")
            }
            try transition.checkDurationAndGesture()
            try transition.drawing.checkOptionsApplyToEverySlide()
            let hold = try TimelineParameters.hold.check(show.hold)
            var notes: [String] = []
            let images = show.order.arrange(try expandedImages(notes: &notes), path: { $0 }, seed: try show.shuffleSeed())
            return try job(slides: images.indices.map {
                Slide(image: images[$0], hold: hold, next: try transition.makeClip(forTransition: $0))
            }, notes: notes)
        }
        let described = try self.described(by: spec)
        var job = try described.job()
        // This is a batch's way in (`run` below is the command line's), and a batch decides
        // for every job whether an output already there is left.
        if described.command.existing.skipExisting {
            job.notes.append("note: \(spec): 'skip-existing' is the batch's to decide, for every job (fliptrans batch --skip-existing); this job renders")
        }
        return job
    }

    /// The images given, each folder's in its place, and `notes` on what a folder left out. A
    /// folder that cannot give any is reported with whatever is wrong with the files given beside
    /// it, all at once.
    private func expandedImages(notes: inout [String]) throws -> [String] {
        var images: [String] = [], problems: [Error] = []
        for path in self.images {
            do {
                images += try SlideImages.expanding(path, leavingOut: output) { notes.append($0) }
            } catch {
                problems.append(error)
            }
        }
        guard !problems.isEmpty else { return images }
        let policy = try frame.policy()
        do {
            _ = try ImageProbe.shownSizes(of: images, pixelLimit: policy.pixelLimit, damagedImages: policy.damagedImages)
        } catch {
            problems += InputProblems.problems(in: error)
        }
        try InputProblems.throwIfAny(problems)
        return images
    }

    /// With a spec, its console options (`threads`, `quiet`, `progress`, `stats`) run the show,
    /// with those given beside the spec winning, as for every other key.
    func run() throws {
        guard let spec = show.spec else {
            try runUnlessFinished(try job())
            return
        }
        let described = try self.described(by: spec)
        try described.run { try described.command.runUnlessFinished(try described.job()) }
    }

    func run(_ job: RenderJob) throws -> RenderStatistics {
        let rendered = try console.run(job)
        statistics.report(rendered)
        return rendered
    }

    /// The show `spec` describes, with the options given beside it.
    private func described(by spec: String) throws -> SlideshowSpec {
        guard images.isEmpty else { throw CLIError("\(spec): give the images either on the command line or in the spec, not both") }
        return try SlideshowSpec(contentsOf: spec, overrides: GivenArguments.beside(spec: spec))
    }

    /// The job for `slides`, whose holds and transitions are already checked, announcing `notes`
    /// (and a loop of a single image, which has nothing to loop) when it runs.
    func job(slides: [Slide], notes: [String]) throws -> RenderJob {
        guard let output else { throw CLIError("no output: give -o FILE (or 'output' in the spec)") }
        guard !slides.isEmpty else { throw CLIError("\(output): a slideshow needs at least one image") }
        let fps = try transition.frameRate()
        let soundtrack = try music.soundtrack()
        let length = try showLength(soundtrack)
        let timeline: Timeline
        do {
            timeline = try Timeline.slideshow(holds: slides.map(\.hold), transitions: slides.map(\.next), loop: show.loop, fps: fps,
                                              lasting: length)
        } catch {
            // Worded as when a touch trace's frames, known once the frame's size is, make it so (`RenderJob`).
            throw CLIError("\(output): \(error)")
        }
        var policy = try frame.policy()
        // Photos are far larger than a video needs or most players play (`H264Compatibility`).
        if !frame.sizeGiven { policy.sizeBound = FramePolicy.fullHD }
        var job = try RenderJob(images: slides.map(\.image), frame: policy, timeline: timeline, fps: fps,
                                output: output, format: try encoding.videoFormat(of: output), options: encoding.options,
                                soundtrack: soundtrack)
        job.looks = slides.indices.reduce(into: [:]) { looks, index in looks[index] = slides[index].look }
        job.describingFiles = Self.traces(of: [self])
        // A folder given twice (or in two slides of a spec) notes the same once.
        job.notes = notes.reduce(into: []) { kept, note in if !kept.contains(note) { kept.append(note) } }
        if music.fitToAudio, let soundtrack, let length, let shortfall = try soundtrack.fittedShortfall(playable: length) {
            job.notes.append(shortfall)
        }
        if show.loop, slides.count == 1 {
            job.notes.append("note: \(output): a loop turns from the last image back to the first, and with one image there is none to turn to: the video holds it")
        }
        return job
    }

    /// The touch traces `commands` read (a show's and its slides', as merged with what the command
    /// line set beside a spec), each once: files the output may not replace.
    static func traces(of commands: [SlideshowCommand]) -> [String] {
        commands.compactMap(\.transition.finger.gestureFile).map(TextFile.reopenable).reduce(into: []) { traces, trace in
            if !traces.contains(trace) { traces.append(trace) }
        }
    }

    /// The length the show must have, if one is asked for: `--total`, or the music's with
    /// `--fit-to-audio` (which reads the audio file's length).
    private func showLength(_ soundtrack: Soundtrack?) throws -> Double? {
        if let total = show.total {
            guard !music.fitToAudio else { throw OptionMisuse(option: "total") { "and \($0.option("fit-to-audio")) each set the length; give one" } }
            return try TimelineParameters.total.check(total)
        }
        guard music.fitToAudio, let soundtrack else { return nil }
        let seconds = try soundtrack.playableDuration(upTo: TimelineParameters.longestSeconds)
        // As long as --total may ask for.
        guard seconds <= TimelineParameters.longestSeconds else {
            // Music not recorded as too long is decoded only a little past the limit: how much longer it is, is not known.
            let (path, longest) = (soundtrack.path, NumberRange.format(TimelineParameters.longestSeconds))
            throw OptionMisuse(option: "fit-to-audio") {
                "would make a show of more than \(longest) s, the longest a show may last, of '\(path)'; give a later \($0.option("audio-offset")), or \($0.option("total")) instead"
            }
        }
        return seconds
    }
}
