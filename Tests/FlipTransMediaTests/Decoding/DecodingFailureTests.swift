import Testing
@testable import FlipTransMedia

/// Which of FFmpeg's error lines names a damaged picture's fault.
struct DecodingFailureTests {
    @Test(arguments: [
        // The JPEG decoder's count is a coefficient's index; the block it was in is what matters.
        (["error count: 67", "error y=19 x=55"], "cannot read the block at x=55, y=19"),
        (["error count: 3", "mjpeg_decode_dc: bad vlc: 0:0 (0x5631c2d0a4c0)"], "mjpeg_decode_dc: bad vlc: 0:0 (0x5631c2d0a4c0)"),
        (["error count: 67"], "error count: 67"),
        (["No JPEG data found in image"], "No JPEG data found in image"),
    ])
    func theLineThatNamesTheFault(errors: [String], line: String) {
        #expect(DecodingFailure.damageLine(in: errors) == line)
    }
}
