/// Renders a timeline frame by frame into a sink, holding only the images the current segment
/// needs, so a long slideshow costs no more memory than its busiest segment.
public struct TimelinePlayer: Sendable {
    /// Draws the frames; its band count is also how many frames are rendered ahead at once (at most
    /// the timeline's frame count).
    public var renderer: Renderer
    /// The colour behind the panels of every transition and still scene, and behind a held image
    /// (one with transparent parts, such as a slide with a background of its own), so a hold looks
    /// as the transitions on either side of it begin and end.
    public var background: Color

    /// A player drawing with `renderer` over `background`.
    public init(renderer: Renderer = Renderer(), background: Color) {
        self.renderer = renderer
        self.background = background
    }

    /// Plays `timeline` into `sink`. `image(i)` loads image `i` (frame-sized) for the segment that
    /// first needs it; the images are loaded ahead, on threads of their own (`ImagesAhead`), at
    /// most two beyond those of the current segment, so `image` may be called on two threads at
    /// once. `progress` hears the number of frames
    /// written so far after each frame, and may throw to stop the work (a cancellation). Frames
    /// are rendered ahead on threads of their own (`RenderAhead`) and appended on this thread, in
    /// order. Returns the time spent rendering and waiting for frames and images. Throws
    /// `MemoryShortage` when there is no memory for a frame or a mipmap, `TransitionError.sceneSize`
    /// for a scene of another size than the images', and what `image` throws as the player reaches
    /// that image.
    @discardableResult
    public func play(_ timeline: Timeline, image: @Sendable (Int) throws -> Image, into sink: FrameSink,
                     progress: (Int) throws -> Void = { _ in }) throws -> PlaybackTimes {
        // The loading thread is joined (`stop`) before this returns.
        try withoutActuallyEscaping(image) { image in
            let loads = Self.imagesToLoad(timeline)
            let imagesAhead = ImagesAhead(order: loads.flatMap { $0 }, load: image)
            defer { imagesAhead.stop() }
            var times = try play(timeline, loads: loads, images: imagesAhead, into: sink, progress: progress)
            times.waitingForImages = imagesAhead.waitingTime
            return times
        }
    }

    /// `scene`, refused unless it has the size of the (frame-sized) `images` it was built from:
    /// a transition written outside this library may get it wrong.
    private static func frameSized(_ scene: Scene, by clip: TransitionClip, images: [Image]) throws(TransitionError) -> Scene {
        guard scene.size == images[0].size else {
            throw .sceneSize(transition: type(of: clip.transition).name, scene: scene.size, frame: images[0].size)
        }
        return scene
    }

    /// For each segment, the images it shows that the segment before it does not, in order: the
    /// ones loaded as it starts. The player holds only the current segment's images, so an image
    /// shown again later is loaded again.
    static func imagesToLoad(_ timeline: Timeline) -> [[Int]] {
        var shown: [Int] = []
        return timeline.segments.map { segment in
            var new: [Int] = []
            for index in segment.images where !shown.contains(index) && !new.contains(index) { new.append(index) }
            shown = segment.images
            return new
        }
    }

    private func play(_ timeline: Timeline, loads: [[Int]], images imagesAhead: ImagesAhead, into sink: FrameSink,
                      progress: (Int) throws -> Void) throws -> PlaybackTimes {
        var loaded: [Int: Image] = [:]
        let converter = (sink as? YUV420FrameSink).flatMap { $0.takesYUV420 ? $0 : nil }
        let threads = max(1, min(renderer.bands, timeline.frameCount))
        let ahead = RenderAhead(renderer: renderer, threads: threads, converter: converter)
        defer { ahead.stop() }
        var times = PlaybackTimes()
        var framesWritten = 0
        func deliver(_ output: RenderAhead.Output) throws {
            switch output {
            case let .frame(frame, time):
                times.rendering += time
                try sink.append(frame)
            case let .picture(picture, time):
                times.rendering += time
                try converter!.append(converted: picture)
            case .repeatLast:
                try sink.repeatLastFrame()
            }
            framesWritten += 1
            try progress(framesWritten)
        }
        /// A frame shown `frames` times: made once, then repeated, so an encoder converts it once.
        func show(_ work: RenderAhead.Work, frames: Int) throws {
            guard frames > 0 else { return }
            try ahead.submit(work, deliver: deliver)
            for _ in 1..<frames { try ahead.submitRepeat(deliver: deliver) }
        }

        for (segment, new) in zip(timeline.segments, loads) {
            loaded = loaded.filter { segment.images.contains($0.key) }
            for index in new { loaded[index] = try imagesAhead.next() }
            let shown = segment.images.map { loaded[$0]! }
            switch segment {
            case let .hold(_, frames):
                try show(.image(shown[0].over(background)), frames: frames)
            case let .still(clip, _, t, frames):
                try show(.scene(try Self.frameSized(clip.scene(of: shown, at: t, background: background), by: clip, images: shown)), frames: frames)
            case let .transition(clip, _):
                for index in 0..<clip.frameCount {
                    try show(.scene(try Self.frameSized(clip.scene(of: shown, frame: index, background: background), by: clip, images: shown)), frames: 1)
                }
            }
        }
        try ahead.finish(deliver: deliver)
        times.rendering /= threads
        times.waitingForFrames = ahead.waitingTime
        return times
    }
}
