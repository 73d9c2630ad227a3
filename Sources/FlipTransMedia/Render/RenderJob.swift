import FlipTransCore

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
    /// The images the timeline's indices refer to.
    public var images: [String]
    public var frame: FramePolicy
    public var timeline: Timeline
    public var fps: Int
    /// The file to write.
    public var output: String
    public var format: OutputFormat
    public var options: OutputOptions

    /// A job writing `output` in `format`, or else the format its extension names (a still
    /// format for a one-frame timeline, a video format otherwise).
    public init(images: [String], frame: FramePolicy = FramePolicy(), timeline: Timeline, fps: Int, output: String,
                format: OutputFormat? = nil, options: OutputOptions = OutputOptions()) throws {
        self.images = images
        self.frame = frame
        self.timeline = timeline
        self.fps = fps
        self.output = output
        self.options = options
        self.format = try format ?? OutputRegistry.standard.format(for: output, kind: Self.isStill(timeline) ? .still : .video)
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
        try OutputPath.check(output, inputs: images)
    }

    /// The checks of `check` but the output's folder.
    private func checkSettings() throws {
        try frame.check()
        guard !images.isEmpty else { throw MediaError(path: output, reason: "no images to render") }
        try format.check(options, output)
        if format.kind == .still, timeline.frameCount != 1 {
            throw MediaError(path: output, reason: "\(format.summary) holds one frame; write a video to hold \(timeline.frameCount)")
        }
    }

    /// What `run` would find before writing a frame, without writing anything or needing the
    /// output's folder to exist yet (a batch makes it before the job runs): the settings, every
    /// image decoded (each once), and the timeline against the frame size.
    public func probe(warning: (String) -> Void = { _ in }) throws {
        try checkSettings()
        var size = frame.requestedFrameSize(warn: warning)
        var decoded: Set<String> = []
        for path in images where decoded.insert(path).inserted {
            let image = try ImageDecoder.decode(contentsOf: path, pixelLimit: frame.pixelLimit, damagedImages: frame.damagedImages, warning: warning)
            size = size ?? frame.frameSize(firstImage: image.size, warn: warning)
        }
        if let size { try timeline.check(frame: size) }
    }

    /// Runs the job: checks it, then decodes, renders and writes. `warning` hears announcements
    /// (a frame size rounded, a huge image scaled); `progress` hears frames done and the total
    /// after each frame; `isCancelled` is asked after each frame, and a cancelled job throws
    /// `CancellationError` and leaves nothing at the output path.
    @discardableResult
    public func run(warning: @escaping (String) -> Void = { _ in },
                    progress: (_ done: Int, _ total: Int) -> Void = { _, _ in },
                    isCancelled: () -> Bool = { false }) throws -> RenderStatistics {
        try check()
        let started = ContinuousClock.now
        let sources = ImageSources(images, policy: frame, warn: warning)
        let size = try sources.frameSize()
        try timeline.check(frame: size)
        let sink = try format.open(OutputRequest(path: output, size: size, fps: fps, options: options))
        let total = timeline.frameCount
        let renderTime = try TimelinePlayer(background: frame.background).play(timeline, image: sources.image, into: sink) { done in
            progress(done, total)
            if isCancelled() { throw CancellationError() }
        }
        try sink.finish()
        return RenderStatistics(frames: total, decode: sources.decodeTime, render: renderTime, output: sink.statistics,
                                total: ContinuousClock.now - started)
    }
}
