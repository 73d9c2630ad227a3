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

    /// JPEG's mark follows its JFIF segment (which must come first), or its start where it has none.
    @Test func aJPEGsMarkFollowsItsJFIFSegment() throws {
        let jfif: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 2, 0, 0, 1, 0, 1, 0, 0] + [0xFF, 0xD9]
        let marked = OutputMark.marked(jfif)
        #expect(Array(marked[20..<33]) == [0xFF, 0xFE, 0x00, 0x0B] + Array("fliptrans".utf8))
        #expect(Array(marked.prefix(20)) == Array(jfif.prefix(20)) && marked.suffix(2) == [0xFF, 0xD9])
        let bare: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9]
        #expect(OutputMark.marked(bare) == [0xFF, 0xD8, 0xFF, 0xFE, 0x00, 0x0B] + Array("fliptrans".utf8) + [0xFF, 0xD9])
        #expect(OutputMark.marked(Array("GIF89a".utf8)) == Array("GIF89a".utf8))
    }
}
