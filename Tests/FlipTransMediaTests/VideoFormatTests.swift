import Testing
@testable import FlipTransMedia

struct VideoFormatTests {
    @Test func formatComesFromTheExtension() {
        #expect(VideoFormat(path: "a/b/clip.MP4") == .mp4)
        #expect(VideoFormat(path: "clip.webm") == .webm)
        #expect(VideoFormat(path: "clip.mov") == nil)
        #expect(VideoFormat(path: "dir.mp4/clip") == nil)
        #expect(VideoFormat.supportedExtensions == ["mp4", "webm"])
    }
}
