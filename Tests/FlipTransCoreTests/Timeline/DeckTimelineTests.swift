import Synchronization
import Testing
import FlipTransCore

/// A stand-in for a transition that shows a deck: it draws three images and its own holds, and
/// times itself (e = t²). Its scene is the current image (the next one from half-way) with the
/// last image it was given as a thumbnail in the top-left quarter.
private struct DeckStandIn: Transition {
    static let name = "deck-stand-in"
    init(settings: TransitionSettings) {}
    var imageCount: Int { 3 }
    var drawsHolds: Bool { true }
    var defaultTiming: any Timing { Squared() }

    struct Squared: Timing {
        func progress(at t: Double) -> Double { t * t }
    }

    func scene(of images: [Image], progress e: Double, background: Color) -> Scene {
        let perspective = Perspective(eyeDistance: 1000, vanishingPoint: Point(0, 0))
        let shown = Panel(image: images[e < 0.5 ? 0 : 1], perspective: perspective)
        let thumbnail = Panel(image: images.last!, transform: .scale(0.5, 0.5), perspective: perspective)
        return Scene(size: images[0].size, background: background, panels: [shown, thumbnail])
    }
}

struct DeckTimelineTests {
    let colours = [Color(red: 200, green: 0, blue: 0), Color(red: 0, green: 200, blue: 0),
                   Color(red: 0, green: 0, blue: 200), Color(red: 200, green: 200, blue: 0)]
    var images: [Image] { colours.map { TestImages.solid(16, 16, $0) } }

    func clip() throws -> TransitionClip {
        try TransitionClip(transition: DeckStandIn(settings: TransitionSettings()), duration: 0.1, fps: 30)
    }

    /// Each transition gets the current image and the two after it, fewer near the end.
    @Test func transitionsDrawTheImagesTheyAskFor() throws {
        let clip = try clip()
        let timeline = Timeline.slideshow(holdFrames: [1, 1, 1, 1], transitions: [clip, clip, clip], loop: false)
        let drawn = timeline.segments.compactMap { segment -> [Int]? in
            if case let .transition(_, images) = segment { return images }
            return nil
        }
        #expect(drawn == [[0, 1, 2], [1, 2, 3], [2, 3]])
        // A looping show wraps round.
        let looping = Timeline.slideshow(holdFrames: [1, 1, 1], transitions: [clip, clip, clip], loop: true)
        #expect(looping.segments.compactMap { segment -> [Int]? in
            if case let .transition(_, images) = segment { return images }
            return nil
        } == [[0, 1, 2], [1, 2, 0], [2, 0, 1]])
    }

    /// Holds show the deck: the scene at the start of the transition leaving the slide, and for
    /// the last slide the end of the one arriving.
    @Test func holdsShowTheTransitionsScene() throws {
        let clip = try clip()
        let timeline = Timeline.slideshow(holdFrames: [2, 2, 2], transitions: [clip, clip], loop: false)
        let sink = CollectingSink()
        let images = self.images
        try TimelinePlayer(background: .black).play(timeline, image: { images[$0] }, into: sink)
        // The first turn leaves out the frame the second begins with.
        #expect(sink.frames.count == timeline.frameCount && timeline.frameCount == 2 * 3 + 2 * 3 - 1)
        func pixels(_ frame: Image) -> (thumbnail: Color, card: Color) {
            let (t, c) = (frame.pixel(x: 2, y: 2), frame.pixel(x: 12, y: 12))
            return (Color(red: t.r, green: t.g, blue: t.b), Color(red: c.r, green: c.g, blue: c.b))
        }
        // Slide 0's hold: image 0 with image 2 (the deck's last) as the thumbnail; twice the same.
        #expect(pixels(sink.frames[0]) == (colours[2], colours[0]) && sink.frames[1] == sink.frames[0])
        // The last slide's hold: the end of the transition over [1, 2]: image 2 and its thumbnail.
        #expect(pixels(sink.frames.last!) == (colours[2], colours[2]))
    }

    /// The transition's own timing applies unless a timing is given.
    @Test func aTransitionTimesItselfUnlessToldOtherwise() throws {
        #expect(try clip().timing.progress(at: 0.5) == 0.25)
        let linear = try TransitionClip(transition: DeckStandIn(settings: TransitionSettings()), timing: TimingCurve.linear,
                                        duration: 0.1, fps: 30)
        #expect(linear.timing.progress(at: 0.5) == 0.5)
    }

    /// The player keeps only the images of the current segment.
    @Test func theDeckIsLoadedOncePerStretchOfUse() throws {
        let clip = try clip()
        let timeline = Timeline.slideshow(holdFrames: [1, 1, 1, 1], transitions: [clip, clip, clip], loop: false)
        // Two images may be loaded at once, each on a thread of its own.
        let loads = Mutex<[Int]>([])
        let images = self.images
        try TimelinePlayer(background: .black).play(timeline, image: { index in loads.withLock { $0.append(index) }; return images[index] }, into: CollectingSink())
        #expect(loads.withLock { $0 }.sorted() == [0, 1, 2, 3])
    }
}
