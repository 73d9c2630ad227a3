import FlipTransCore
import Foundation
import Testing
@testable import FlipTransMedia

struct TemporaryOutputFileTests {
    let size = PixelSize(width: 64, height: 48)

    /// A path for `format` in `directory` (a pattern for a sequence), and the sink that writes it.
    func sink(_ format: VideoFormat, in directory: TemporaryDirectory) throws -> (path: String, sink: any OutputSink) {
        let path = directory.file(format.isSequence ? "out%03d.\(format.rawValue)" : "out.\(format.rawValue)")
        let settings = EncoderSettings(format: format, size: size, fps: 30)
        let sink: any OutputSink = switch format {
        case .gif: try GIFEncoder(writingTo: path, settings: settings)
        case .webp: try WebPEncoder(writingTo: path, settings: settings)
        default: try VideoEncoder(writingTo: path, settings: settings)
        }
        return (path, sink)
    }

    @Test(arguments: VideoFormat.allCases)
    func abandonedEncoderLeavesNothing(format: VideoFormat) throws {
        let directory = try TemporaryDirectory()
        do {
            let (_, encoder) = try sink(format, in: directory)
            for index in 0..<3 { try encoder.append(syntheticFrame(index, size: size)) }
            // Nothing appears at the output path while encoding: only the hidden temporary file may.
            #expect(directory.contents.allSatisfy { $0.hasPrefix(".") })
        }
        #expect(directory.contents.isEmpty)
    }

    /// A sink finished before any frame is refused, and leaves nothing (an MP4 of no frames was
    /// written, 225 bytes that play as nothing).
    @Test(arguments: VideoFormat.allCases)
    func aSinkOfNoFramesWritesNothing(format: VideoFormat) throws {
        let directory = try TemporaryDirectory()
        do {
            let (path, encoder) = try sink(format, in: directory)
            #expect(throws: MediaError(.invalidRequest, path: path, reason: "no frames were given; nothing written")) { try encoder.finish() }
        }
        #expect(directory.contents.isEmpty)
    }

    /// A GIF of one palette for the clip finished after one pass says its palette needs two.
    @Test func aClipPalettesGIFPlayedOnceSaysSo() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("out.gif")
        do {
            let encoder = try GIFEncoder(writingTo: path, settings: EncoderSettings(format: .gif, size: size, fps: 10))
            for index in 0..<3 { try encoder.append(syntheticFrame(index, size: size)) }
            #expect(throws: MediaError(.invalidRequest, path: path, reason: "the GIF's frames were played once; its palette needs them twice")) {
                try encoder.finish()
            }
        }
        #expect(directory.contents.isEmpty)
    }

    /// A library user opening FFmpeg's path for a WebP gets an error naming the sink that writes it.
    @Test func aWebPIsNotWrittenThroughFFmpeg() throws {
        let directory = try TemporaryDirectory()
        let error = #expect(throws: MediaError.self) {
            try VideoEncoder(writingTo: directory.file("out.webp"), settings: EncoderSettings(format: .webp, size: size, fps: 30))
        }
        #expect(error?.reason == "an animated WebP is written by WebPEncoder, not through FFmpeg")
        #expect(directory.contents.isEmpty)
    }

    /// WebPEncoder copies a frame's rows into its own buffer: a frame of another size is refused.
    @Test func aWebPRefusesAFrameOfAnotherSize() throws {
        let directory = try TemporaryDirectory()
        let encoder = try WebPEncoder(writingTo: directory.file("out.webp"), settings: EncoderSettings(format: .webp, size: size, fps: 30))
        let error = #expect(throws: MediaError.self) { try encoder.append(Image(width: size.width + 8, height: size.height)) }
        #expect(error?.reason == "a 72x48 frame for a 64x48 WebP")
    }

    @Test func existingFileSurvivesAnAbandonedEncoder() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("keep.mp4")
        try Data("keep".utf8).write(to: URL(fileURLWithPath: path))
        do {
            let encoder = try VideoEncoder(writingTo: path, settings: EncoderSettings(format: .mp4, size: size, fps: 30))
            try encoder.append(syntheticFrame(0, size: size))
            #expect(throws: MediaError.self) { try encoder.append(Image(width: 2, height: 2)) }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep")
        #expect(directory.contents == ["keep.mp4"])
    }

    @Test func refusesADirectoryAsTarget() throws {
        let directory = try TemporaryDirectory()
        let error = #expect(throws: MediaError.self) { try PNGWriter.write(Image(width: 1, height: 1), to: directory.path) }
        #expect(error?.reason == "is a directory")
    }

    /// A FIFO (or a device) at the output path is refused before anything is written: the
    /// finished file, moved into place, replaced the FIFO itself (as root, even /dev/null).
    @Test func refusesAFIFOAsTarget() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.file("stream.png")
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: MediaError(.outputRefused, path: fifo, reason: "is a FIFO, not a file; write a file, or a stream to standard output with -o -")) {
            try PNGWriter.write(Image(width: 1, height: 1), to: fifo)
        }
        #expect(throws: MediaError(.outputRefused, path: "/dev/null", reason: "is a character device, not a file; write a file, or a stream to standard output with -o -")) {
            try OutputPath.check("/dev/null")
        }
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }

    /// Written through a symbolic link, the file it points to is replaced and the link kept; a
    /// link to nothing is refused.
    @Test func writesThroughASymbolicLink() throws {
        let directory = try TemporaryDirectory()
        let (real, link, dangling) = (directory.file("real.png"), directory.file("link.png"), directory.file("dangling.png"))
        try Data("old".utf8).write(to: URL(fileURLWithPath: real))
        #expect(chmod(real, 0o640) == 0)
        #expect(symlink("real.png", link) == 0 && symlink("missing.png", dangling) == 0)
        try PNGWriter.write(Image(width: 2, height: 2, filledWith: .white), to: link)
        #expect(try ImageDecoder.decode(contentsOf: real) == Image(width: 2, height: 2, filledWith: .white))
        var status = stat()
        #expect(lstat(link, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
        // The file replaced keeps its permissions.
        #expect(stat(real, &status) == 0 && status.st_mode & 0o777 == 0o640)
        #expect(throws: MediaError(.outputRefused, path: dangling, reason: "is a symbolic link to a file that does not exist; give the file's own path")) {
            try PNGWriter.write(Image(width: 1, height: 1), to: dangling)
        }
        #expect(directory.contents == ["dangling.png", "link.png", "real.png"])
    }
}
