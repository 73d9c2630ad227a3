import FlipTransCore
import Foundation
import Testing
@testable import FlipTransMedia

struct TemporaryOutputFileTests {
    let size = PixelSize(width: 64, height: 48)

    @Test(arguments: VideoFormat.allCases)
    func abandonedEncoderLeavesNothing(format: VideoFormat) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file(format.isSequence ? "out%03d.\(format.rawValue)" : "out.\(format.rawValue)")
        do {
            let settings = EncoderSettings(format: format, size: size, fps: 30)
            let encoder: any OutputSink = format == .gif ? try GIFEncoder(writingTo: path, settings: settings)
                : try VideoEncoder(writingTo: path, settings: settings)
            for index in 0..<3 { try encoder.append(syntheticFrame(index, size: size)) }
            // Nothing appears at the output path while encoding: only the hidden temporary file may.
            #expect(directory.contents.allSatisfy { $0.hasPrefix(".") })
        }
        #expect(directory.contents.isEmpty)
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
        #expect(throws: MediaError.self) { try PNGWriter.write(Image(width: 1, height: 1), to: directory.path) }
        do { try PNGWriter.write(Image(width: 1, height: 1), to: directory.path) } catch let error as MediaError {
            #expect(error.reason == "is a directory")
        }
    }
}
