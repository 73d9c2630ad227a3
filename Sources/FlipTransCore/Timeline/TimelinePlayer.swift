/// Renders a timeline frame by frame into a sink, holding only the images the current segment
/// needs, so a long slideshow costs no more memory than its busiest segment.
public struct TimelinePlayer {
    public var renderer: Renderer
    public var background: Color

    public init(renderer: Renderer = Renderer(), background: Color) {
        self.renderer = renderer
        self.background = background
    }

    /// Plays `timeline` into `sink`. `image(i)` loads image `i` (frame-sized) when a segment first
    /// needs it; `progress` hears the number of frames written so far after each frame, and may
    /// throw to stop the work (a cancellation). Frames are rendered ahead on threads of their
    /// own (`RenderAhead`) and appended on this thread, in order. Returns the time spent
    /// rendering and waiting for frames. Throws
    /// `MemoryShortage` when there is no memory for a frame or a mipmap.
    @discardableResult
    public func play(_ timeline: Timeline, image: (Int) throws -> Image, into sink: FrameSink,
                     progress: (Int) throws -> Void = { _ in }) throws -> PlaybackTimes {
        var loaded: [Int: Image] = [:]
        func images(_ indices: [Int]) throws -> [Image] {
            loaded = loaded.filter { indices.contains($0.key) }
            return try indices.map { index in
                if let image = loaded[index] { return image }
                let image = try image(index)
                loaded[index] = image
                return image
            }
        }

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

        for segment in timeline.segments {
            let shown = try images(segment.images)
            switch segment {
            case let .hold(_, frames):
                try show(.image(shown[0]), frames: frames)
            case let .still(clip, _, t, frames):
                try show(.scene(clip.scene(of: shown, at: t, background: background)), frames: frames)
            case let .transition(clip, _):
                for index in 0..<clip.frameCount {
                    try show(.scene(clip.scene(of: shown, frame: index, background: background)), frames: 1)
                }
            }
        }
        try ahead.finish(deliver: deliver)
        times.rendering /= threads
        times.waitingForFrames = ahead.waitingTime
        return times
    }
}
