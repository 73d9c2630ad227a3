import Synchronization
import Testing
@testable import FlipTransCore

/// Lends its own pictures, as an encoder does, and keeps the bytes of every picture appended;
/// a repeat reads the last picture again, so one overwritten too early would show.
final class ConvertedCollectingSink: YUV420FrameSink {
    let size: PixelSize
    var pictures: [[UInt8]] = []
    /// How many pictures it made, reused ones aside.
    var made = 0
    private var last: (any YUV420PictureBuffer)?
    let takesYUV420 = true

    init(size: PixelSize) { self.size = size }

    func picture(reusing reused: (any YUV420PictureBuffer)?) throws -> any YUV420PictureBuffer {
        if let reused { return reused }
        made += 1
        return try YUV420Picture(size: size)
    }
    func append(converted picture: any YUV420PictureBuffer) throws {
        last = picture
        pictures.append(bytes(of: picture))
    }
    func append(_ frame: Image) throws { Issue.record("a frame came instead of a picture") }
    func repeatLastFrame() throws { pictures.append(bytes(of: last!)) }

    private func bytes(of picture: any YUV420PictureBuffer) -> [UInt8] {
        let count = size.width * size.height + 2 * YUV420Picture.chromaWidth(size) * YUV420Picture.chromaHeight(size)
        return Array(UnsafeBufferPointer(start: picture.planes.luma, count: count))
    }
}

struct RenderAheadTests {
    let images = [TestImages.noise(34, 26, seed: 3), TestImages.photoLike(34, 26), TestImages.rampsAndWaves(34, 26)]

    /// Holds, a turn, a still and another turn: every kind of segment.
    func timeline() throws -> Timeline {
        let clip = try TransitionClip(transition: try Flip(), duration: 0.3, fps: 30)
        let fold = try TransitionClip(transition: try Fold(), duration: 0.2, fps: 30)
        return Timeline(segments: [.hold(image: 0, frames: 2), .transition(clip, images: [0, 1]),
                                   .still(fold, images: [1, 2], at: 0.4, frames: 3), .transition(fold, images: [1, 2]),
                                   .hold(image: 2, frames: 1)])
    }

    /// The frames one after another on this thread, each segment as the player defines it.
    func serialFrames(of timeline: Timeline) -> [Image] {
        let renderer = Renderer(bands: 1)
        return timeline.segments.flatMap { segment -> [Image] in
            let shown = segment.images.map { images[$0] }
            switch segment {
            case let .hold(_, frames): return Array(repeating: shown[0], count: frames)
            case let .still(clip, _, t, frames):
                return Array(repeating: renderer.render(clip.scene(of: shown, at: t, background: .black)), count: frames)
            case let .transition(clip, _):
                return (0..<clip.frameCount).map { renderer.render(clip.scene(of: shown, frame: $0, background: .black)) }
            }
        }
    }

    /// Tightly packed planes of `frame` converted on its own.
    func converted(_ frame: Image) throws -> [UInt8] {
        let picture = try YUV420Picture(size: frame.size)
        BT709Conversion.convert(frame, into: picture.planes, bands: 1)
        let count = frame.width * frame.height + 2 * YUV420Picture.chromaWidth(frame.size) * YUV420Picture.chromaHeight(frame.size)
        return Array(UnsafeBufferPointer(start: picture.planes.luma, count: count))
    }

    @Test(arguments: [1, 2, 3])
    func framesAreThoseOfASerialRenderInOrder(threads: Int) throws {
        let timeline = try timeline()
        let sink = CollectingSink()
        var reported: [Int] = []
        try TimelinePlayer(renderer: Renderer(bands: threads), background: .black)
            .play(timeline, image: { images[$0] }, into: sink) { reported.append($0) }
        let expected = serialFrames(of: timeline)
        #expect(sink.frames.count == timeline.frameCount)
        #expect(reported == Array(1...timeline.frameCount))
        #expect(sink.frames == expected)
    }

    /// The sink's own pictures, one per thread, one waiting and the one it was handed last, are
    /// converted into; each holds its frame for as long as the sink may repeat it.
    @Test(arguments: [1, 2, 3])
    func picturesAreTheFramesConverted(threads: Int) throws {
        let timeline = try timeline()
        let sink = ConvertedCollectingSink(size: images[0].size)
        try TimelinePlayer(renderer: Renderer(bands: threads), background: .black)
            .play(timeline, image: { images[$0] }, into: sink)
        #expect(try sink.pictures == serialFrames(of: timeline).map(converted))
        #expect(sink.made == min(threads + 2, timeline.frameCount))
    }

    /// Short of memory for threads, the frames are rendered by the threads that did start, or by
    /// the calling thread if none did: the same frames, in order.
    @Test(arguments: [0, 1])
    func threadsThatCannotStartLeaveTheirFramesToOthers(started: Int) throws {
        let clip = try TransitionClip(transition: try Flip(), duration: 0.3, fps: 30)
        let scenes = (0..<clip.frameCount).map { clip.scene(of: [images[0], images[1]], frame: $0, background: .black) }
        let startedThreads = Mutex(0)
        let ahead = RenderAhead(renderer: Renderer(bands: 3), threads: 3, converter: nil, startThread: { run in
            startedThreads.withLock { count in
                guard count < started else { return nil }
                count += 1
                return JoinableThread.start(run)
            }
        })
        defer { ahead.stop() }
        var frames: [Image] = []
        func deliver(_ output: RenderAhead.Output) {
            if case let .frame(frame, _) = output { frames.append(frame) } else { Issue.record("not a frame: \(output)") }
        }
        for scene in scenes { try ahead.submit(.scene(scene), deliver: deliver) }
        try ahead.finish(deliver: deliver)
        #expect(startedThreads.withLock { $0 } == started)
        #expect(frames == scenes.map { Renderer(bands: 1).render($0) })
    }

    @Test func aThrowingProgressStopsThePlayAfterThatFrame() throws {
        struct Stop: Error {}
        let sink = CollectingSink()
        #expect(throws: Stop.self) {
            try TimelinePlayer(renderer: Renderer(bands: 2), background: .black)
                .play(try timeline(), image: { images[$0] }, into: sink) { if $0 == 4 { throw Stop() } }
        }
        #expect(sink.frames == Array(serialFrames(of: try timeline()).prefix(4)))
    }
}
