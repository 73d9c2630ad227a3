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
    /// throw to stop the work (a cancellation). Returns the time spent rendering frames. Throws
    /// `MemoryShortage` when there is no memory for the frame or a mipmap.
    @discardableResult
    public func play(_ timeline: Timeline, image: (Int) throws -> Image, into sink: FrameSink,
                     progress: (Int) throws -> Void = { _ in }) throws -> Duration {
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

        let clock = ContinuousClock()
        var renderTime = Duration.zero
        var framesWritten = 0
        var frame: Image?
        /// Renders the scene into the reused frame buffer.
        func draw(_ scene: () -> Scene) throws -> Image {
            let started = clock.now
            let scene = scene()
            if frame?.size != scene.size { frame = try Image.allocate(width: scene.size.width, height: scene.size.height) }
            try renderer.render(scene, into: &frame!)
            renderTime += clock.now - started
            return frame!
        }
        func written() throws {
            framesWritten += 1
            try progress(framesWritten)
        }
        /// A still: appended once, then repeated, so an encoder converts it only once.
        func hold(_ still: Image, frames: Int) throws {
            for repeated in 0..<frames {
                try repeated == 0 ? sink.append(still) : sink.repeatLastFrame()
                try written()
            }
        }

        for segment in timeline.segments {
            let shown = try images(segment.images)
            switch segment {
            case let .hold(_, frames):
                try hold(shown[0], frames: frames)
            case let .still(clip, _, t, frames):
                try hold(try draw { clip.scene(of: shown, at: t, background: background) }, frames: frames)
            case let .transition(clip, _):
                for index in 0..<clip.frameCount {
                    try sink.append(try draw { clip.scene(of: shown, frame: index, background: background) })
                    try written()
                }
            }
        }
        return renderTime
    }
}
