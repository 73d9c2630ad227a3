import Synchronization
import Testing
@testable import FlipTransCore

/// Keeps every frame it is given.
final class CollectingSink: FrameSink {
    var frames: [Image] = []
    func append(_ frame: Image) throws { frames.append(frame) }
    func repeatLastFrame() throws { frames.append(frames.last!) }
}

struct TimelineTests {
    let a = TestImages.noise(32, 24, seed: 3)
    let b = TestImages.noise(32, 24, seed: 4)

    func clip(duration: Double = 1, fps: FrameRate = 30) throws -> TransitionClip {
        try TransitionClip(transition: try Flip(), duration: duration, fps: fps)
    }

    @Test func frameCountIsDurationTimesRateRounded() throws {
        #expect(try clip(duration: 1, fps: 30).frameCount == 30)
        #expect(try clip(duration: 0.55, fps: 25).frameCount == 14)
        #expect(try clip(duration: 2.5, fps: 24).frameCount == 60)
    }

    @Test func framesSpanTheWholeTransition() throws {
        let clip = try clip(duration: 0.5, fps: 10)
        #expect(clip.timeFraction(ofFrame: 0) == 0)
        #expect(clip.timeFraction(ofFrame: 4) == 1)
        #expect(clip.timeFraction(ofFrame: 2) == 0.5)
    }

    /// Out of the parameter's range, or in it but under two frames: each says which.
    @Test(arguments: [
        (0.0, "duration must be more than 0 and at most 3600 seconds, got 0"),
        (-1.0, "duration must be more than 0 and at most 3600 seconds, got -1"),
        (Double.nan, "duration must be more than 0 and at most 3600 seconds, got nan"),
        (0.01, "duration must be at least 2 frames long for a transition (at 30 fps it gives 0), got 0.01"),
    ])
    func tooShortTransitionsAreRejected(duration: Double, message: String) {
        let error = #expect(throws: ParameterError.self) { try clip(duration: duration, fps: FrameRate(30)) }
        #expect(error?.description == message)
    }

    @Test func playerWritesHoldsAndTransitionInOrder() throws {
        let timeline = Timeline(clip: try clip(duration: 0.2, fps: 30), holdFrames: 3)
        #expect(timeline.frameCount == 12)
        let sink = CollectingSink()
        var reported: [Int] = []
        try TimelinePlayer(background: .black).play(timeline, image: { [a, b][$0] }, into: sink) { reported.append($0) }
        #expect(sink.frames.count == 12)
        #expect(reported == Array(1...12))
        #expect(sink.frames[0...3].allSatisfy { $0 == a })
        #expect(sink.frames[8...11].allSatisfy { $0 == b })
        #expect(sink.frames[4] != a && sink.frames[4] != b)
    }

    /// A held image with transparent parts (a slide with a background of its own) is shown over
    /// the background, as the transition leaving it starts; over a transparent one, as it is.
    @Test func aHeldImageIsShownOverTheBackgroundAsTheTransitionBeginsWithIt() throws {
        let translucent = Image(width: 32, height: 24, filledWith: Color(red: 200, green: 40, blue: 0, alpha: 128))
        let timeline = Timeline(clip: try clip(duration: 0.2, fps: 30), holdFrames: 2)
        let sink = CollectingSink()
        try TimelinePlayer(background: .white).play(timeline, image: { [translucent, b][$0] }, into: sink)
        #expect(sink.frames[0] == sink.frames[2])
        #expect(sink.frames[0].isOpaque && sink.frames[0] != translucent)
        let overNothing = CollectingSink()
        try TimelinePlayer(background: .transparent).play(timeline, image: { [translucent, b][$0] }, into: overNothing)
        #expect(overNothing.frames[0] == translucent && overNothing.frames[2] == translucent)
    }

    /// Transitions run back to back (no holds) show every picture once: where one ends the next
    /// begins, on the same frame. With holds, each slide is on screen for its hold plus one
    /// frame, the middle one as much as the first and the last.
    @Test(arguments: [false, true])
    func slidesBetweenTransitionsAreShownForTheirHoldPlusOneFrame(loop: Bool) throws {
        let images = [a, b, TestImages.noise(32, 24, seed: 5)]
        let clip = try clip(duration: 0.2, fps: 30)
        let sink = CollectingSink()
        try TimelinePlayer(background: .black).play(.slideshow(holdFrames: [0, 0, 0], transitions: [clip, clip, clip], loop: loop),
                                                    image: { images[$0] }, into: sink)
        // 6 frames a transition, less the one each shares with the next.
        #expect(sink.frames.count == (loop ? 3 * 5 : 2 * 6 - 1))
        let repeated = zip(sink.frames, sink.frames.dropFirst()).enumerated().filter { $0.element.0 == $0.element.1 }.map(\.offset)
        #expect(repeated == [])
        #expect(sink.frames.map { images.firstIndex(of: $0) } == (loop ? [0, nil, nil, nil, nil, 1, nil, nil, nil, nil, 2, nil, nil, nil, nil]
                                                                        : [0, nil, nil, nil, nil, 1, nil, nil, nil, nil, 2]))

        let held = CollectingSink()
        try TimelinePlayer(background: .black).play(.slideshow(holdFrames: [2, 2, 2], transitions: [clip, clip], loop: false),
                                                    image: { images[$0] }, into: held)
        let onScreen = images.map { image in held.frames.filter { $0 == image }.count }
        #expect(onScreen == [3, 3, 3])
    }

    @Test func playerLoadsEachImageOncePerStretchOfUse() throws {
        let clip = try clip(duration: 0.1, fps: 30)
        let timeline = Timeline(segments: [.hold(image: 0, frames: 2), .transition(clip, images: [0, 1]),
                                           .hold(image: 1, frames: 0), .transition(clip, images: [1, 2]),
                                           .hold(image: 2, frames: 2)])
        // Two images may be loaded at once, each on a thread of its own.
        let loads = Mutex<[Int]>([])
        let images = [a, b, a]
        try TimelinePlayer(background: .black).play(timeline, image: { index in loads.withLock { $0.append(index) }; return images[index] },
                                                    into: CollectingSink())
        #expect(loads.withLock { $0 }.sorted() == [0, 1, 2])
    }
}
