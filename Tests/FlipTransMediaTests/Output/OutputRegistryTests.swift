import FlipTransMedia
import Testing

struct OutputRegistryTests {
    @Test func theExtensionChoosesTheFormatWhateverItsCase() throws {
        let registry = OutputRegistry.standard
        #expect(try registry.format(for: "a/b/clip.MP4", kind: .video).name == "mp4")
        #expect(try registry.format(for: "clip.webm", kind: .video).name == "webm")
        #expect(try registry.format(for: "poster.PNG", kind: .still).name == "png")
    }

    @Test func anUnknownOrMissingExtensionListsTheFormatsOfThatKind() {
        let registry = OutputRegistry.standard
        for path in ["clip.mov", "dir.mp4/clip", "clip"] {
            #expect(throws: MediaError(path: path, reason: "unsupported output format; use .mp4 or .webm")) {
                try registry.format(for: path, kind: .video)
            }
        }
        // A still is not a video, and a video not a still.
        #expect(throws: MediaError(path: "x.png", reason: "unsupported output format; use .mp4 or .webm")) {
            try registry.format(for: "x.png", kind: .video)
        }
        #expect(throws: MediaError(path: "x.mp4", reason: "unsupported output format; use .png")) {
            try registry.format(for: "x.mp4", kind: .still)
        }
    }

    @Test func anExplicitFormatOverridesTheExtension() throws {
        #expect(try OutputRegistry.standard.format(for: "clip.bin", named: "WebM", kind: .video).name == "webm")
        #expect(throws: MediaError(path: "clip.bin", reason: "unknown output format 'gif'; use mp4 or webm")) {
            try OutputRegistry.standard.format(for: "clip.bin", named: "gif", kind: .video)
        }
    }
}
