import FlipTransCore
import Glibc

/// One whole render as a library call: images in, a file out. It decodes and fits the images
/// into the frame, plays the timeline through the renderer, and writes the frames to the
/// output's sink. Every front end — the command line's commands, batch jobs, a Swift program —
/// describes its work as a `RenderJob` and runs it.
///
/// ```swift
/// let flip = try Flip(direction: .up)
/// let clip = try TransitionClip(transition: flip, duration: 1, fps: 30)
/// let job = try RenderJob(images: ["a.png", "b.png"], timeline: Timeline(clip: clip, holdFrames: 15),
///                         fps: 30, output: "out.mp4")
/// let statistics = try job.run()
/// ```
public struct RenderJob: Sendable {
    /// The images the timeline's indices refer to; a title slide's (see `looks`) is ignored.
    public var images: [String]
    /// Slides that look their own way, by index: their own fit or background, a title card
    /// instead of an image, a caption.
    public var looks: [Int: SlideLook] = [:]
    /// The frame the images are fitted into: its size, the fit, the background, and the limits on
    /// inputs.
    public var frame: FramePolicy
    /// What the video shows, by image index into `images`.
    public var timeline: Timeline
    /// The video's frame rate: the one the timeline's clips were made with, which their frame
    /// counts assume.
    public var fps: FrameRate
    /// The file to write.
    public var output: String
    /// The output's format: what options it takes and how its sink is opened.
    public var format: OutputFormat
    /// The user's options for the output; their `alpha` is set by the job from the background.
    public var options: OutputOptions
    /// Music under the video, trimmed or filled to its length.
    public var soundtrack: Soundtrack?
    /// What the front end decided while describing the job that the user should hear (files of
    /// a folder left out, an option with nothing to act on): `run` announces them, once its
    /// checks pass, through its `warning`.
    public var notes: [String] = []
    /// The files the job was described from besides its inputs (a spec, a touch trace): read,
    /// and like the inputs never replaced by the output.
    public var describingFiles: [String] = []

    /// A job writing `output` in `format`, or else the format of `formats` its extension names
    /// (a still format for a one-frame timeline, a video format otherwise: name a video's
    /// `format` to write one frame as a video).
    public init(images: [String], frame: FramePolicy = FramePolicy(), timeline: Timeline, fps: FrameRate, output: String,
                format: OutputFormat? = nil, formats: OutputRegistry = .standard, options: OutputOptions = OutputOptions(),
                soundtrack: Soundtrack? = nil) throws {
        self.images = images
        self.soundtrack = soundtrack
        self.frame = frame
        self.timeline = timeline
        self.fps = fps
        self.output = output
        self.options = options
        self.format = try format ?? formats.format(for: output, kind: Self.isStill(timeline) ? .still : .video)
    }

    /// Whether the frames could carry transparency that the output keeps, with a background that
    /// is not opaque: its format's check takes the options with transparency.
    private var outputCouldKeepTransparency: Bool {
        var withAlpha = options
        withAlpha.alpha = true
        return (try? format.check(withAlpha, output)) != nil
    }

    /// The options, with `alpha` telling the output whether the frames carry transparency: only
    /// a background that is not opaque lets any through (images are composited over it).
    private var effectiveOptions: OutputOptions {
        var options = self.options
        options.alpha = frame.background.alpha < 255
        return options
    }

    /// True for a single frame of a transition, as `Timeline(clip:at:)` makes.
    private static func isStill(_ timeline: Timeline) -> Bool {
        guard timeline.segments.count == 1, case .still = timeline.segments[0] else { return false }
        return timeline.frameCount == 1
    }

    /// Everything that can be checked before an image is decoded: the frame policy, the
    /// output's options, its folder, and that it is none of the inputs.
    public func check() throws {
        try checkSettings()
        if output == OutputDestination.standardOutputPath {
            if let reason = StandardStream.output.refusesVideo { throw MediaError(.outputRefused, path: output, reason: reason) }
            // `-o - 1<> a.png` or `>> a.png`: the stream would be written into an input.
            if let input = StandardStream.output.file(among: inputFiles + describingFiles) {
                throw MediaError(.outputRefused, path: output, reason: "standard output is the file '\(input)', an input; refusing to overwrite an input")
            }
            return
        }
        if isSequence {
            try OutputPath.check(sequence: FramePattern(output), named: output, frames: timeline.frameCount, inputs: inputFiles + describingFiles)
        } else {
            // `f%04d.webp` asks for numbered files that this format (or a contact sheet's) does not make.
            if VideoFormat(rawValue: format.name) != nil || format.name == ContactSheet.formatName,
               FilePaths.name(of: output).contains("%"), (try? FramePattern(output)) != nil {
                throw MediaError(.outputRefused, path: output, reason: "\(format.summary) is one file, not numbered frames; a frame-number pattern makes a sequence of .png or .jpg files")
            }
            try OutputPath.check(output, inputs: inputFiles + describingFiles)
        }
    }

    /// What a look at the file system finds wrong with the inputs, reading none of them: each
    /// missing, unreadable, a folder, a device or empty, all listed.
    public func checkInputFiles() throws {
        try InputProblems.throwIfAny(inputFiles.compactMap { path in
            do { try InputFileCheck.requireReadableFile(path) } catch { return error }
            return nil
        })
    }

    private var isSequence: Bool { format.kind == .video && VideoFormat(rawValue: format.name)?.isSequence == true }

    /// The files the job reads: its image files and its music.
    public var inputFiles: [String] { imageFiles + (soundtrack.map { [$0.path] } ?? []) }

    /// What a job writes, told without naming every frame of a sequence (an hour at 240 fps is
    /// 864,000 of them).
    package enum Written {
        case nothing
        /// One file: the output, or a sequence's name without a frame-number pattern (which
        /// fails its own check).
        case file(String)
        /// A numbered sequence's frames 1 … `count` (at least 1).
        case frames(FramePattern, count: Int)
    }

    /// What the job writes: nothing for standard output. A sequence's frames are those the
    /// timeline counts before it is fitted to the frame (what `check` looks at): a gesture
    /// waiting for the frame's size is counted in `writtenOnceFitted`.
    package var written: Written {
        if output == OutputDestination.standardOutputPath { return .nothing }
        guard isSequence, let pattern = try? FramePattern(output) else { return .file(output) }
        return .frames(pattern, count: max(1, timeline.frameCount))
    }

    /// `written`, with a sequence's frames counted as the run will write them.
    package var writtenOnceFitted: Written {
        guard case let .frames(pattern, _) = written, let count = fittedFrameCount else { return written }
        return .frames(pattern, count: max(1, count))
    }

    /// The video's frames. When a gesture's motion waits for the frame's size (a touch trace's
    /// drag), the images' headers are read for the size; nil when they cannot be, or the job
    /// cannot be fitted: its run then fails before writing anything.
    private var fittedFrameCount: Int? {
        guard timeline.awaitsFrameSize else { return timeline.frameCount }
        let sizes = try? ImageProbe.shownSizes(of: imageFiles, pixelLimit: frame.pixelLimit, damagedImages: frame.damagedImages)
        return sizes.flatMap { try? fitted(shownSizes: $0, warning: { _ in }).timeline.frameCount }
    }

    /// The file whose being there shows that a run of the job finished: its output, or a
    /// numbered sequence's frame moved into place last (frames are moved in name order once all
    /// are written, so the pattern itself is never a file); nil for standard output, and for a
    /// sequence whose frames cannot be counted (`fittedFrameCount`).
    public var finishedFile: String? {
        switch written {
        case .nothing: return nil
        case let .file(path): return isSequence ? nil : path
        case let .frames(pattern, _): return fittedFrameCount.map { pattern.lastInNameOrder(through: max(1, $0)) }
        }
    }

    /// Whether a run of this job finished before (`--skip-existing`): its finished file is a
    /// regular file with something in it, and none of the job's inputs. A folder, a FIFO, an
    /// empty file or an input in the output's place is no finished render: the job runs, and
    /// says what is wrong with it.
    public var isFinished: Bool {
        var status = stat()
        guard let file = finishedFile, stat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 else { return false }
        return !(inputFiles + describingFiles).contains { FileIdentity(path: $0) == FileIdentity(status) }
    }

    /// What `run` would find before writing a frame, without writing anything or needing the
    /// output's folder to exist yet (a batch makes it before the job runs): the settings, every
    /// input probed, and the timeline and the output against the frame size. `warning` hears
    /// what `run` would announce before its first frame.
    public func probe(warning: (String) -> Void = { _ in }) throws {
        _ = try probed(warning: warning)
    }

    /// `probe`, giving the frame's size and the timeline fitted to it.
    private func probed(warning: (String) -> Void) throws -> (size: PixelSize, timeline: Timeline) {
        try checkSettings()
        notes.forEach(warning)
        let fitted = try fitted(shownSizes: try probeInputs(warning: warning), warning: warning)
        try announcements(size: fitted.size, timeline: fitted.timeline).forEach(warning)
        return fitted
    }

    /// `probe`, and every image and the music decoded as `run` decodes them: damaged data inside
    /// a complete file shows only then (`probe` reads PNG, JPEG and HEIF headers, not their
    /// pixels, and music's header). For a check of many jobs before any runs (`batch --check`),
    /// which share `verified`, so that an image several jobs show is decoded once (music is
    /// decoded once in a process: `DecodedLengths`); `warning` hears the decoding's warnings too
    /// (music cut short or damaged among them).
    public func verify(warning: (String) -> Void = { _ in }, verified: VerifiedImages = VerifiedImages()) throws {
        let timeline = try probed(warning: warning).timeline
        var problems: [Error] = [], decoded: Set<[UInt8]> = []
        for path in imageFiles where decoded.insert(Array(path.utf8)).inserted {
            do {
                try verified.verify(path, pixelLimit: frame.pixelLimit, damagedImages: frame.damagedImages, warning: warning)
            } catch {
                problems.append(error)
            }
        }
        // Music not looped is decoded by the probe, which says what it lacks (`announcements`).
        if let soundtrack, soundtrack.loop {
            do {
                try soundtrack.shortfall(under: fps.seconds(frames: timeline.frameCount)).map(warning)
            } catch {
                problems.append(error)
            }
        }
        try InputProblems.throwIfAny(problems)
    }

    /// What the output will be that the user may not expect: what an H.264 MP4 of `size` would
    /// not play on, and silence after music that ends before `timeline` does, or that was cut
    /// short (music not looped is decoded to its end by now, so that is known before the work).
    private func announcements(size: PixelSize, timeline: Timeline) throws -> [String] {
        let seconds = fps.seconds(frames: timeline.frameCount)
        guard let soundtrack else { return playability(of: size) }
        let music = try [soundtrack.noteIfShorter(thanVideoOf: seconds)] + (soundtrack.loop ? [] : [soundtrack.shortfall(under: seconds)])
        return playability(of: size) + music.compactMap { $0 }
    }

    /// What an H.264 MP4 of `size` would not play on (`H264Compatibility`); nothing for others.
    private func playability(of size: PixelSize) -> [String] {
        guard format.name == OutputFormat.mp4.name, (options.codec ?? .h264) == .h264 else { return [] }
        return H264Compatibility.warnings(path: output, size: size, fps: fps, crf: options.crf)
    }

    /// The frame's size, from the first image's shown size (a show of titles alone has none),
    /// and the timeline fitted to it, both checked by the output's format.
    private func fitted(shownSizes: [PixelSize], warning: (String) -> Void) throws -> (size: PixelSize, timeline: Timeline) {
        let size = frame.frameSize(firstImage: shownSizes.first ?? frame.size ?? FramePolicy.fullHD, images: shownSizes, files: imageFiles,
                                   for: format, warn: warning)
        let timeline: Timeline
        do {
            timeline = try self.timeline.fitted(to: size)
        } catch let error as SlideshowTooShort {
            // A touch trace's frames, known only now, leave a show of a given length no room.
            throw MediaError(.invalidRequest, path: output, reason: "\(error)")
        }
        try format.checkFrames(OutputRequest(path: output, size: size, fps: fps, options: effectiveOptions, frameCount: timeline.frameCount))
        // A touch trace's frames, counted only now, may reach files `check` did not look at.
        if case let .frames(pattern, checked) = written, timeline.frameCount > checked {
            try OutputPath.check(frames: checked + 1...timeline.frameCount, of: pattern, inputs: inputFiles + describingFiles)
        }
        return (size, timeline)
    }

    /// The checks of `check` but the output's folder.
    /// A timeline built by hand may name more images than the job has, or give a transition
    /// fewer than the two it turns between.
    private func checkTimelineImages() throws {
        for segment in timeline.segments {
            if let missing = segment.images.first(where: { !images.indices.contains($0) }) {
                throw MediaError(.invalidRequest, path: output, reason: "the timeline shows image \(missing), but the job has images 0 to \(images.count - 1)")
            }
            if case .hold = segment { continue }
            guard segment.images.count >= 2 else {
                throw MediaError(.invalidRequest, path: output, reason: "the timeline gives a transition \(segment.images.count) image; it turns from one image to another")
            }
        }
    }

    /// The checks of `check()` that touch no file: the frame policy, the timeline, and whether the
    /// output's format takes the options and the sound (a batch plans its jobs with them, before
    /// it makes their folders).
    public func checkSettings() throws {
        try frame.check()
        guard !images.isEmpty else { throw MediaError(.invalidRequest, path: output, reason: "no images to render") }
        try checkTimelineImages()
        // A clip's frames were counted at its own rate: written at another, its motion would run
        // fast or slow, and its length be wrong.
        for case let .transition(clip, _) in timeline.segments where clip.fps != fps {
            throw MediaError(.invalidRequest, path: output, reason: "the timeline's transitions are made at \(clip.fps) fps, and the video is \(fps) fps; make them at the video's rate")
        }
        // Holds of no frames are left out of a timeline, transitions never (a gesture's frames
        // are counted only once it is fitted to the frame), so one with none has no frames.
        guard !timeline.segments.isEmpty else {
            throw MediaError(.invalidRequest, path: output, reason: "nothing to write: no frames (an image held for less than half a frame, and no transition); hold it longer")
        }
        try format.check(effectiveOptions, output)
        if let video = VideoFormat(rawValue: format.name) { try EncoderSettings.check(format: video, fps: fps) }
        if format.kind == .still, timeline.frameCount != 1 {
            throw MediaError(.outputRefused, path: output, reason: "\(format.summary) holds one frame; write a video to hold \(timeline.frameCount)")
        }
        if let soundtrack {
            try soundtrack.checkSettings()
            guard format.kind == .video, AudioCodecChoice.encoder(forFormat: format.name) != nil else {
                let holders = output == OutputDestination.standardOutputPath ? "--format webm or mkv" : ".mp4, .webm, .mkv or .mov"
                throw MediaError(.outputRefused, path: output, reason: "\(format.summary) cannot hold sound; --audio needs \(holders)")
            }
        }
    }

    /// The image files read: every image but the title slides'.
    var imageFiles: [String] {
        images.indices.filter { looks[$0]?.title == nil }.map { images[$0] }
    }

    /// Looks at every input — each image, the soundtrack, the fonts of the slides' text — before
    /// any frame is rendered, and throws every problem found at once; returns the image files'
    /// shown sizes, and tells `warning` of characters no font has.
    private func probeInputs(warning: (String) -> Void) throws -> [PixelSize] {
        var problems: [Error] = []
        var sizes: [PixelSize] = []
        do {
            sizes = try ImageProbe.shownSizes(of: imageFiles, pixelLimit: frame.pixelLimit, damagedImages: frame.damagedImages)
        } catch {
            problems += InputProblems.problems(in: error)
        }
        do {
            try soundtrack?.checkFile()
        } catch {
            problems.append(error)
        }
        var textWarnings: [String] = []
        do {
            textWarnings = try SlideTextCheck.warnings(looks: looks, paths: images)
        } catch {
            problems.append(error)
        }
        try InputProblems.throwIfAny(problems)
        textWarnings.forEach(warning)
        return sizes
    }

    /// Runs the job: checks it (decoding every image a later slide shows: `LaterImagesCheck`),
    /// then decodes, renders and writes. `warning` hears announcements (a frame size rounded, a
    /// huge image scaled), on the threads that decode images as well as on this one; `progress`
    /// hears frames done and the total after each frame, on this thread; `isCancelled` is asked
    /// while a slideshow's later images are checked and after each frame, and a cancelled job throws
    /// `CancellationError` and leaves nothing at the output path. Running out of memory is a
    /// `MediaError` naming the input being decoded or fitted, or else the output.
    @discardableResult
    public func run(warning: @escaping @Sendable (String) -> Void = { _ in },
                    progress: (_ done: Int, _ total: Int) -> Void = { _, _ in },
                    isCancelled: () -> Bool = { false }) throws -> RenderStatistics {
        try check()
        notes.forEach(warning)
        let started = ContinuousClock.now
        let (size, timeline) = try fitted(shownSizes: try probeInputs(warning: warning), warning: warning)
        // A frame that does not fit in memory is found before the encoder is opened: encoders
        // need several frames' worth and would report running out in words of their own.
        do {
            try MemoryShortage.check(bytes: size.width * size.height * Image.bytesPerPixel, for: size)
        } catch {
            throw MediaError.notEnoughMemory(path: output, for: size, .frame)
        }
        try announcements(size: size, timeline: timeline).forEach(warning)
        let shownFirst = (timeline.segments.first?.images ?? []).filter { looks[$0]?.title == nil }.map { images[$0] }
        try LaterImagesCheck.check(imageFiles, shownFirst: Set(shownFirst), pixelLimit: frame.pixelLimit, damagedImages: frame.damagedImages,
                                   isCancelled: isCancelled)
        var policy = frame
        policy.notesCoveredTransparency = frame.notesCoveredTransparency && frame.background.isOpaque && outputCouldKeepTransparency
        let sources = ImageSources(images, policy: policy, looks: looks, inView: Set(timeline.segments.flatMap(\.imagesInView)),
                                   frameSize: size, warn: warning)
        var audio = soundtrack.map { AudioRequest(soundtrack: $0, duration: fps.seconds(frames: timeline.frameCount)) }
        audio?.warning = warning
        // Music not looped was decoded to its end, and what it lacks said (`announcements`).
        audio?.shortfallSaid = soundtrack.map { !$0.loop } ?? false
        let sink = try format.open(OutputRequest(path: output, size: size, fps: fps, options: effectiveOptions, audio: audio, frameCount: timeline.frameCount))
        let frames = timeline.frameCount, total = frames * sink.passes
        let player = TimelinePlayer(background: frame.background)
        var times = PlaybackTimes()
        do {
            for pass in 0..<sink.passes {
                if pass > 0 { try sink.endPass() }
                times = times + (try player.play(timeline, image: sources.image, into: sink) { done in
                    progress(pass * frames + done, total)
                    if isCancelled() { throw CancellationError() }
                })
            }
        } catch is MemoryShortage {
            throw MediaError.notEnoughMemory(path: output, for: size, .frame)
        }
        try sink.finish()
        if isSequence, let pattern = try? FramePattern(output), case let left = pattern.framesPast(frames), let first = left.first, let last = left.last {
            let names = FilePaths.name(of: pattern.path(first)) + (left.count > 1 ? " … " + FilePaths.name(of: pattern.path(last)) : "")
            warning("warning: \(output): \(left.count) frame\(left.count == 1 ? "" : "s") of an earlier, longer run remain after this run's \(frames) (\(names)); a player reading the pattern plays them too")
        }
        return RenderStatistics(frames: total, videoFrames: frames, decode: sources.decodeTime, waitingForImages: times.waitingForImages, render: times.rendering,
                                waitingForFrames: times.waitingForFrames, output: sink.statistics,
                                total: ContinuousClock.now - started)
    }
}
