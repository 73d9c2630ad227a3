import Testing
@testable import FlipTransCore

struct FrameRateTests {
    @Test(arguments: [
        ("30", 30, 1), ("29.97", 30000, 1001), ("23.976", 24000, 1001), ("59.94", 60000, 1001),
        ("30000/1001", 30000, 1001), ("60/2", 30, 1), ("12.5", 25, 2), ("30.0", 30, 1),
        // NTSC's by the names that round to it, to two or three decimals; near it, what is written
        // (29.975 was taken for 29.97).
        ("23.98", 24000, 1001), ("59.940", 60000, 1001), ("29.9700", 30000, 1001), ("23.976024", 24000, 1001),
        ("29.97002997002997", 30000, 1001), ("29.975", 1199, 40), ("29.96", 749, 25), ("29.9", 299, 10),
    ])
    func parsesWholeNTSCFractionalAndDecimalRates(text: String, numerator: Int, denominator: Int) throws {
        let rate = try #require(FrameRate.parse(text))
        #expect(rate.numerator == numerator && rate.denominator == denominator)
    }

    @Test(arguments: ["", "abc", "0", "-5", "30/0", "1/-2", "nan", "inf", "30000/", "1.23456789", "0x1e", "0x1p5"])
    func refusesWhatIsNoRate(text: String) {
        #expect(FrameRate.parse(text) == nil)
    }

    @Test func framesAndTimesAreExact() {
        let ntsc = FrameRate(numerator: 30000, denominator: 1001)
        // Ten minutes at 29.97: 17982 frames, and frame 17982 starts at 600 s (to the frame).
        #expect(ntsc.frames(seconds: 600) == 17982)
        #expect(abs(ntsc.seconds(frames: 17982) - 599.9994) < 1e-3)
        #expect(ntsc.description == "30000/1001" && FrameRate(25).description == "25")
    }

    /// Halves round up, also where binary floating point falls just short of them: 2.3 × 25 is
    /// 57.49999999999999, and was 57 frames where 2.1 × 25 (52.5) was 53.
    @Test(arguments: [(2.3, 25, 58), (2.1, 25, 53), (0.7, 10, 7), (1.5, 1, 2), (0.02, 25, 1), (2.29, 25, 57)])
    func halvesRoundUp(seconds: Double, rate: Int, frames: Int) {
        #expect(FrameRate(rate).frames(seconds: seconds) == frames)
    }
}
