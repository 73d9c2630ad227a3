import FlipTransCore
import FlipTransMedia
import Testing

/// The level an H.264 frame needs, against the 4.2 that plays everywhere: by its area, its rate,
/// and each of its sides.
struct H264CompatibilityTests {
    func level(_ width: Int, _ height: Int, fps: FrameRate = 30) -> String? {
        let warnings = H264Compatibility.warnings(path: "x.mp4", size: PixelSize(width: width, height: height), fps: fps, crf: nil)
        return warnings.first.flatMap { $0.split(separator: " ").drop { $0 != "level" }.dropFirst().first.map(String.init) }?
            .trimmingCharacters(in: .punctuationCharacters)
    }

    @Test func fullHDAtSixtyPlaysEverywhere() {
        #expect(level(1920, 1080, fps: 60) == nil)
        #expect(level(4096, 16) == nil)
    }

    /// 8192x16 is small in area, but 512 macroblocks across is more than level 4.2's 263 (or 5's
    /// 420): it needs 5.1, and said nothing.
    @Test func aLongThinFrameNeedsTheLevelOfItsLongestSide() {
        #expect(level(8192, 16) == "5.1")
        #expect(level(16, 8192) == "5.1")
        #expect(level(2400, 1800, fps: 5) == "5")
    }

    /// Past level 6.2 (139,264 macroblocks a frame) no level holds the stream: it said "level over
    /// 6.2, which many TVs … cannot play", where none can.
    @Test func aFramePastTheHighestLevelIsSaidToPlayOnNoHardware() {
        let warnings = H264Compatibility.warnings(path: "x.mp4", size: PixelSize(width: 8192, height: 4608), fps: 2, crf: nil)
        #expect(warnings == ["warning: x.mp4: 8192x4608 at 2 fps needs more than H.264's highest level (6.2), which no hardware decoder plays; 1920x1080 or smaller at up to 60 fps (level 4.2) plays everywhere"])
    }
}
