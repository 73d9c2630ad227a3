import Testing
@testable import FlipTransCore

struct HoldDistributionTests {
    @Test(arguments: [
        ([1.0, 1, 3], 66, [13, 13, 40]),
        ([2.0, 2, 2], 66, [22, 22, 22]),
        ([0.0, 0, 0], 10, [3, 4, 3]),
        // Left-over frames spread through the show, not given to its first slides.
        ([1.0, 1, 1, 1, 1, 1], 33, [6, 5, 6, 5, 6, 5]),
        ([1.0, 1, 1, 1], 2, [1, 0, 1, 0]),
        // Weights whose sum would overflow a Double.
        ([1e308, 1e308, 1e308], 6, [2, 2, 2]),
        ([1.0, 0, 1], 7, [4, 0, 3]),
        ([5.0], 0, [0]),
    ])
    func sharesAddUpExactlyInProportion(weights: [Double], total: Int, frames: [Int]) {
        let shares = HoldDistribution.frames(weights: weights, total: total)
        #expect(shares == frames)
        #expect(shares.reduce(0, +) == total)
    }
}

/// A slideshow made to last a given length: its holds fill what the transitions leave, in
/// proportion to their own lengths.
struct SlideshowLengthTests {
    func clip() throws -> TransitionClip {
        try TransitionClip(transition: Flip(settings: TransitionSettings()), duration: 0.5, fps: 10)
    }

    @Test func theHoldsFillTheLengthInProportion() throws {
        let clips = [try clip(), try clip()]
        let timeline = try Timeline.slideshow(holds: [1, 1, 3], transitions: clips, loop: false, fps: 10, lasting: 7.6)
        #expect(timeline.frameCount == 76)
        let holds = timeline.segments.compactMap { segment -> Int? in
            if case let .hold(_, frames) = segment { return frames }
            return nil
        }
        // 76 frames less two transitions of 5, the first leaving out the frame the second begins
        // with: 67, shared 1 : 1 : 3 (each hold ending on the frame nearest 13.4 and 26.8).
        #expect(holds == [13, 14, 40])
        // Without a length, each hold lasts its own.
        #expect(try Timeline.slideshow(holds: [1, 1, 3], transitions: clips, loop: false, fps: 10).frameCount == 10 + 10 + 30 + 4 + 5)
    }

    /// Seconds of frames at 30 fps are said to the hundredth, not as 5.833333333333333.
    @Test func theLengthsAreSaidToTheHundredth() {
        #expect(SlideshowTooShort(transitionSeconds: 175.0 / 30, length: 5).description
                == "the transitions alone last 5.83 s, longer than the 5 s the show must last; shorten them or show fewer slides")
        // Alike to the hundredth, they are said as finely as it takes to tell them apart.
        #expect(SlideshowTooShort(transitionSeconds: 5, length: 4.996).description
                == "the transitions alone last 5 s, longer than the 4.996 s the show must last; shorten them or show fewer slides")
    }

    @Test func aLengthTheTransitionsExceedIsRefused() throws {
        let clips = [try clip(), try clip()]
        // 4 frames and 5: the first leaves out the frame the second begins with.
        #expect(throws: SlideshowTooShort(transitionSeconds: 0.9, length: 0.8)) {
            try Timeline.slideshow(holds: [1, 1, 1], transitions: clips, loop: false, fps: 10, lasting: 0.8)
        }
    }

    /// Holds and lengths in seconds are often a user's numbers: one that is no number of frames
    /// is refused as the parameter it is, where converting it to frames stopped the process.
    @Test(arguments: [([Double.nan, 1], nil, "hold must be between 0 and 3600 seconds, got nan"),
                      ([1e30, 1], nil, "hold must be between 0 and 3600 seconds, got 1e+30"),
                      ([1, -Double.infinity], nil, "hold must be between 0 and 3600 seconds, got -inf"),
                      ([1, 1], Double.nan, "total must be more than 0 and at most 3600 seconds, got nan"),
                      ([1, 1], 1e300, "total must be more than 0 and at most 3600 seconds, got 1e+300")])
    func holdsAndLengthsThatAreNoFramesAreRefused(holds: [Double], length: Double?, message: String) throws {
        let error = #expect(throws: ParameterError.self) {
            try Timeline.slideshow(holds: holds, transitions: [try clip()], loop: false, fps: 10, lasting: length)
        }
        #expect(error?.description == message)
    }
}
