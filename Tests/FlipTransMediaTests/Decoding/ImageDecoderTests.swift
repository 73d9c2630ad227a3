import FlipTransCore
import Foundation
import Testing
@testable import FlipTransMedia

struct ImageDecoderTests {
    /// Quadrant centres: red, green, blue, white.
    func expectQuadrants(_ image: Image, tolerance: Int) {
        let (w, h) = (image.width, image.height)
        #expect(pixel(image, x: w / 4, y: h / 4, isNear: (255, 0, 0, 255), tolerance: tolerance))
        #expect(pixel(image, x: 3 * w / 4, y: h / 4, isNear: (0, 255, 0, 255), tolerance: tolerance))
        #expect(pixel(image, x: w / 4, y: 3 * h / 4, isNear: (0, 0, 255, 255), tolerance: tolerance))
        #expect(pixel(image, x: 3 * w / 4, y: 3 * h / 4, isNear: (255, 255, 255, 255), tolerance: tolerance))
    }

    @Test(arguments: [("jpg", 12), ("webp", 12), ("bmp", 0), ("tiff", 0), ("gif", 8)])
    func decodesFormatsFFmpegReads(format: String, tolerance: Int) throws {
        let directory = try TemporaryDirectory()
        let png = directory.file("in.png")
        try PNGWriter.write(quadrantImage(width: 64, height: 48), to: png)
        let converted = directory.file("in.\(format)")
        try runFFmpeg(["-i", png, converted])
        let image = try ImageDecoder.decode(contentsOf: converted)
        #expect(image.size == PixelSize(width: 64, height: 48))
        expectQuadrants(image, tolerance: tolerance)
    }

    @Test func contentWinsOverAWrongExtension() throws {
        let directory = try TemporaryDirectory()
        let png = directory.file("in.png")
        try PNGWriter.write(quadrantImage(width: 16, height: 16), to: png)
        let misnamed = directory.file("actually-png.jpg")
        try FileManager.default.moveItem(atPath: png, toPath: misnamed)
        #expect(try ImageDecoder.decode(contentsOf: misnamed) == quadrantImage(width: 16, height: 16))
    }

    /// A 4×2 RGB PSD whose rows are PackBits-compressed, each ending with the no-op byte 0x80
    /// when `noOps` (as ImageMagick writes them; FFmpeg's decoder refuses it).
    func psd(noOps: Bool) -> [UInt8] {
        func be(_ value: Int, _ bytes: Int) -> [UInt8] { (0..<bytes).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let (width, height, channels) = (4, 2, 3)
        var file = Array("8BPS".utf8) + be(1, 2) + [UInt8](repeating: 0, count: 6) + be(channels, 2) + be(height, 4) + be(width, 4)
        file += be(8, 2) + be(3, 2) + be(0, 4) + be(0, 4) + be(0, 4) + be(1, 2)
        let rows: [[UInt8]] = (0..<channels * height).map { row in
            let samples: [UInt8] = (0..<width).map { UInt8((row * 40 + $0 * 10) % 256) }
            return [UInt8(width - 1)] + samples + (noOps ? [0x80] : [])
        }
        return file + rows.flatMap { be($0.count, 2) } + rows.flatMap { $0 }
    }

    /// A PSD whose compressed rows FFmpeg refuses is not called damaged (it may well be sound):
    /// the message says what FFmpeg cannot read and what to do.
    @Test func aPSDWhoseRowsFFmpegRefusesIsNotCalledDamaged() throws {
        let directory = try TemporaryDirectory()
        let plain = directory.file("plain.psd"), noOps = directory.file("noops.psd")
        try Data(psd(noOps: false)).write(to: URL(fileURLWithPath: plain))
        try Data(psd(noOps: true)).write(to: URL(fileURLWithPath: noOps))
        #expect(try ImageDecoder.decode(contentsOf: plain).size == PixelSize(width: 4, height: 2))
        let error = #expect(throws: MediaError.self) { try ImageDecoder.decode(contentsOf: noOps) }
        #expect(error?.kind == .inputUnsupported)
        #expect(error?.reason.hasPrefix("FFmpeg cannot read this PSD's compressed rows (FFmpeg: ") == true, "\(error?.reason ?? "")")
        #expect(error?.reason.hasSuffix("): some programs write them in a way its decoder refuses, or they are damaged; save it uncompressed, or as PNG") == true)
    }

    func reason(decoding path: String) -> String {
        do { _ = try ImageDecoder.decode(contentsOf: path); return "decoded" } catch let error as MediaError {
            #expect(error.path == path)
            return error.reason
        } catch { return "\(error)" }
    }

    @Test func errorsSayWhatIsWrong() throws {
        let directory = try TemporaryDirectory()
        #expect(reason(decoding: directory.file("missing.png")) == "no such file")
        #expect(reason(decoding: directory.path) == "is a directory")

        let empty = directory.file("empty.png")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(reason(decoding: empty) == "empty file")

        let text = directory.file("notes.png")
        try Data("just some words, not a picture\n".utf8).write(to: URL(fileURLWithPath: text))
        #expect(reason(decoding: text).hasPrefix("not an image FFmpeg can decode"))

        let whole = directory.file("whole.png")
        try PNGWriter.write(syntheticFrame(3, size: PixelSize(width: 64, height: 64)), to: whole)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        let truncated = directory.file("truncated.png")
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
        #expect(reason(decoding: truncated) == "damaged image data (the file ends before the picture does)")
    }
}
