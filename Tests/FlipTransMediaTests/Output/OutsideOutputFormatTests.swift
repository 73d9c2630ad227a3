import FlipTransCore
import FlipTransMedia
import Foundation
import Testing

/// An output format declared by a library user, outside the module (this file imports it
/// without `@testable`): raw RGBA frames one after another, written through
/// `TemporaryOutputFile` so that it keeps `OutputSink`'s promise of nothing at the path until
/// the file is finished.
struct OutsideOutputFormatTests {
    final class RawFramesSink: OutputSink {
        private let file: TemporaryOutputFile
        private var last: Image?
        private(set) var statistics = EncoderStatistics()

        init(path: String) throws { file = try TemporaryOutputFile(target: path) }

        func append(_ frame: Image) throws {
            try frame.pixels.withUnsafeBytes { try file.append($0) }
            last = frame
            statistics.framesWritten += 1
        }

        func repeatLastFrame() throws {
            if let last { try append(last) }
        }

        func finish() throws { try file.commit() }
    }

    static let raw = OutputFormat(name: "rgba", extensions: ["rgba"], kind: .video, summary: "raw RGBA frames",
                                  check: { _, _ in }, open: { try RawFramesSink(path: $0.path) })

    let directory: TemporaryDirectory
    let a: String, b: String
    let size = PixelSize(width: 64, height: 48)

    init() throws {
        directory = try TemporaryDirectory()
        (a, b) = (directory.file("a.png"), directory.file("b.png"))
        try PNGWriter.write(quadrantImage(width: size.width, height: size.height), to: a)
        try PNGWriter.write(Image(width: size.width, height: size.height, filledWith: Color(red: 10, green: 120, blue: 200)), to: b)
    }

    func job(output: String) throws -> RenderJob {
        var registry = OutputRegistry.standard
        registry.register(Self.raw)
        let clip = try TransitionClip(transition: try Flip(), duration: 0.2, fps: 30)
        // The job picks the format by the output's extension among the registry's.
        return try RenderJob(images: [a, b], timeline: Timeline(clip: clip, holdFrames: 2), fps: 30, output: output, formats: registry)
    }

    @Test func itsSinkWritesEveryFrameAndMovesTheFileIntoPlace() throws {
        let output = directory.file("clip.rgba")
        let statistics = try job(output: output).run()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
        let frameBytes = size.width * size.height * Image.bytesPerPixel
        #expect(statistics.output.framesWritten == 10 && bytes.count == 10 * frameBytes)
        // The first frame is image A, the last image B, byte for byte.
        #expect(Array(bytes.prefix(frameBytes)) == (try ImageDecoder.decode(contentsOf: a)).pixels)
        #expect(Array(bytes.suffix(frameBytes)) == (try ImageDecoder.decode(contentsOf: b)).pixels)
        #expect(directory.contents == ["a.png", "b.png", "clip.rgba"])
    }

    @Test func aCancelledRenderLeavesNothingAtThePath() throws {
        var frames = 0
        #expect(throws: CancellationError.self) {
            try job(output: directory.file("clip.rgba")).run(progress: { done, _ in frames = done }, isCancelled: { frames >= 3 })
        }
        #expect(directory.contents == ["a.png", "b.png"])
    }

    /// A program may also open a standard format's sink itself and feed it frames of its own.
    @Test func aProgramCanFeedAStandardSinkItself() throws {
        let output = directory.file("own.y4m")
        let sink = try OutputFormat.y4m.open(OutputRequest(path: output, size: size, fps: 25))
        for _ in 0..<4 { try sink.append(try ImageDecoder.decode(contentsOf: a)) }
        #expect(!directory.contents.contains("own.y4m"))
        try sink.finish()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
        // A YUV4MPEG2 header line, then four frames of a header line and 4:2:0 planes.
        let header = "YUV4MPEG2 W64 H48 F25:1"
        #expect(String(decoding: bytes.prefix(header.utf8.count), as: UTF8.self) == header)
        #expect(bytes.count == bytes.firstIndex(of: 0x0A)! + 1 + 4 * ("FRAME\n".utf8.count + size.width * size.height * 3 / 2))
        #expect(sink.statistics.framesWritten == 4)
    }

    @Test func aFolderThatDoesNotExistIsNamed() throws {
        let output = directory.file("missing/clip.rgba")
        #expect(throws: MediaError(.outputRefused, path: output, reason: "directory '\(directory.file("missing"))' does not exist")) {
            _ = try TemporaryOutputFile(target: output)
        }
    }
}
