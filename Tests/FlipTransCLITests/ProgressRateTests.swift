import Testing
@testable import FlipTransCLI

/// The rate and time left are measured from the first frame reported, so the time spent before
/// it (decoding, opening the encoder) does not stretch the first estimates.
struct ProgressRateTests {
    @Test func theRateIsMeasuredFromTheFirstFrameOnceItHasSettled() {
        var rate = ProgressRate()
        // The first frame after 2 s of setting up: only the rate since the start is known.
        let first = rate.estimate(done: 1, of: 101, elapsed: .seconds(2))
        #expect(first.fps == 0.5 && first.remaining == 200)
        // Too soon after the first report to measure from it.
        let soon = rate.estimate(done: 3, of: 101, elapsed: .milliseconds(2100))
        #expect(abs(soon.fps - 3 / 2.1) < 1e-12)
        // 20 frames in the second since the first: 20 fps, 80 frames left in 4 s.
        let settled = rate.estimate(done: 21, of: 101, elapsed: .seconds(3))
        #expect(settled.fps == 20 && settled.remaining == 4)
    }

    @Test func nothingDoneYetHasNoEstimate() {
        var rate = ProgressRate()
        let none = rate.estimate(done: 0, of: 10, elapsed: .zero)
        #expect(none.fps == 0 && none.remaining == 0)
        let stalled = rate.estimate(done: 0, of: 10, elapsed: .seconds(5))
        #expect(stalled.fps == 0 && stalled.remaining == 0)
    }
}
