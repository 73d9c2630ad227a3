/// Renders a timeline frame by frame into a sink, holding only the images the current segment
/// needs, so a long slideshow costs no more memory than its two busiest neighbours.
public struct TimelinePlayer {
    public var renderer: Renderer
    public var background: Color

    public init(renderer: Renderer = Renderer(), background: Color) {
        self.renderer = renderer
        self.background = background
    }

    /// Plays `timeline` into `sink`. `image(i)` loads image `i` (frame-sized) when a segment first
    /// needs it; `progress` hears the number of frames written so far after each frame.
    /// Returns the time spent rendering transition frames.
    @discardableResult
    public func play(_ timeline: Timeline, image: (Int) throws -> Image, into sink: FrameSink,
                     progress: (Int) -> Void = { _ in }) throws -> Duration {
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
        for segment in timeline.segments {
            switch segment {
            case let .hold(index, frames):
                let still = try images([index])[0]
                for repeated in 0..<frames {
                    try repeated == 0 ? sink.append(still) : sink.repeatLastFrame()
                    framesWritten += 1
                    progress(framesWritten)
                }
            case let .transition(clip, from, to):
                let pair = try images([from, to])
                for index in 0..<clip.frameCount {
                    let started = clock.now
                    let scene = clip.scene(from: pair[0], to: pair[1], at: clip.timeFraction(ofFrame: index),
                                           background: background)
                    if frame?.size != scene.size { frame = Image(width: scene.size.width, height: scene.size.height) }
                    renderer.render(scene, into: &frame!)
                    renderTime += clock.now - started
                    try sink.append(frame!)
                    framesWritten += 1
                    progress(framesWritten)
                }
            }
        }
        return renderTime
    }
}
