import FlipTransCore
import Foundation
import Testing
@testable import FlipTransMedia

/// fliptrans's mark in the pictures it writes: found where it was put, nowhere else, and
/// invisible to decoders.
struct OutputMarkTests {
    @Test func aMarkedPNGDecodesAsTheUnmarkedOneAndIsTheOnlyOneMarked() throws {
        let directory = try TemporaryDirectory()
        let image = quadrantImage(width: 16, height: 8)
        let (plain, marked) = (directory.file("plain.png"), directory.file("marked.png"))
        try PNGWriter.write(image, to: plain)
        try PNGWriter.write(image, to: marked, marked: true)
        #expect(!OutputMark.isMarked(plain))
        #expect(OutputMark.isMarked(marked))
        #expect(try ImageDecoder.decode(contentsOf: marked) == image)
        // A text chunk after the header, whose CRC the ffmpeg program checks as it reads it.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: marked)))
        #expect(Array(bytes[37..<59]) == Array("tEXtSoftware\0fliptrans".utf8))
        try runFFmpeg(["-i", marked, "-err_detect", "crccheck+explode", "-f", "null", "-"])
    }
}
