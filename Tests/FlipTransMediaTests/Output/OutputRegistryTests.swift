import FlipTransMedia
import Testing

struct OutputRegistryTests {
    @Test func theExtensionChoosesTheFormatWhateverItsCase() throws {
        let registry = OutputRegistry.standard
        #expect(try registry.format(for: "a/b/clip.MP4", kind: .video).name == "mp4")
        #expect(try registry.format(for: "clip.webm", kind: .video).name == "webm")
        #expect(try registry.format(for: "poster.PNG", kind: .still).name == "png")
        // A still's .jpg is a JPEG image; a video's, numbered JPEG files.
        #expect(try registry.format(for: "poster.jpg", kind: .still).name == "jpeg")
        #expect(try registry.format(for: "f%03d.JPEG", kind: .video).name == "jpg")
    }

    @Test func anUnknownOrMissingExtensionListsTheFormatsOfThatKind() {
        let registry = OutputRegistry.standard
        let videos = "unsupported output format; use .mp4, .m4v, .webm, .mkv, .mov, .gif, .webp, .apng, .png, .jpg, .jpeg, .y4m or .nut"
        for path in ["clip.avi", "dir.mp4/clip", "clip"] {
            #expect(throws: MediaError(.outputRefused, path: path, reason: videos)) {
                try registry.format(for: path, kind: .video)
            }
        }
        // A still is not a video, and a video not a still.
        #expect(throws: MediaError(.outputRefused, path: "x.tiff", reason: videos)) {
            try registry.format(for: "x.tiff", kind: .video)
        }
        #expect(throws: MediaError(.outputRefused, path: "x.mp4", reason: "a single frame is written as .png, .jpg or .jpeg, not as H.264, HEVC or AV1 video")) {
            try registry.format(for: "x.mp4", kind: .still)
        }
        #expect(throws: MediaError(.outputRefused, path: "x.bmp", reason: "unsupported output format; use .png, .jpg or .jpeg")) {
            try registry.format(for: "x.bmp", kind: .still)
        }
    }

    @Test func anExplicitFormatOverridesTheExtension() throws {
        #expect(try OutputRegistry.standard.format(for: "clip.bin", named: "WebM", kind: .video).name == "webm")
        #expect(try OutputRegistry.standard.format(for: "clip.bin", named: "gif", kind: .video).name == "gif")
        #expect(throws: MediaError(.outputRefused, path: "clip.bin", reason: "unknown output format 'avi'; use mp4, webm, mkv, mov, gif, webp, apng, png, jpg, y4m or nut")) {
            try OutputRegistry.standard.format(for: "clip.bin", named: "avi", kind: .video)
        }
    }

    @Test func standardOutputTakesOnlyStreamsAndDefaultsToY4M() throws {
        #expect(try OutputRegistry.standard.format(for: "-", kind: .video).name == "y4m")
        #expect(try OutputRegistry.standard.format(for: "-", named: "nut", kind: .video).name == "nut")
        #expect(throws: MediaError(.outputRefused, path: "-", reason: "standard output takes --format webm, mkv, y4m or nut, got 'mp4'")) {
            try OutputRegistry.standard.format(for: "-", named: "mp4", kind: .video)
        }
        #expect(throws: MediaError(.outputRefused, path: "-", reason: "a single picture is written to a file, not to standard output; give -o FILE.png")) {
            try OutputRegistry.standard.format(for: "-", kind: .still)
        }
    }
}
