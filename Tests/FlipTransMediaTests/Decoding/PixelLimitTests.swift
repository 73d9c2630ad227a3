import CFFmpeg
import FlipTransCore
import Foundation
import Testing
@testable import FlipTransMedia

/// The pixel limit is exact and holds before allocation: an image of exactly the limit decodes,
/// although FFmpeg's frame check pads its width for alignment (a 40×30 image is checked as
/// 64×30), and one pixel over the limit is refused without the decoder allocating a frame,
/// as counted by FrameReader's allocation gate.
struct PixelLimitTests {
    static let size = PixelSize(width: 40, height: 30)

    /// A 40×30 image in `format`.
    func image(_ format: String, in directory: TemporaryDirectory) throws -> String {
        let png = directory.file("image.png")
        try PNGWriter.write(syntheticFrame(0, size: Self.size), to: png)
        guard format != "png" else { return png }
        let path = directory.file("image.\(format)")
        try runFFmpeg(["-i", png, path])
        return path
    }

    @Test(arguments: ["png", "jpg", "webp"])
    func anImageOfExactlyTheLimitDecodes(format: String) throws {
        let directory = try TemporaryDirectory()
        let path = try image(format, in: directory)
        let limit = PixelLimit(maxPixels: Self.size.width * Self.size.height)
        let reader = try FrameReader(contentsOf: path, pixelLimit: limit)
        let frame = try #require(try reader.nextFrame() as UnsafeMutablePointer<AVFrame>?)
        #expect(PixelSize(width: Int(frame.pointee.width), height: Int(frame.pointee.height)) == Self.size)
        #expect(reader.framesAllocated == 1)
        #expect(try ImageDecoder.decode(contentsOf: path, pixelLimit: limit).size == Self.size)
    }

    @Test(arguments: ["png", "jpg", "webp"])
    func onePixelOverTheLimitIsRefusedBeforeAFrameIsAllocated(format: String) throws {
        let directory = try TemporaryDirectory()
        let path = try image(format, in: directory)
        let limit = PixelLimit(maxPixels: Self.size.width * Self.size.height - 1)
        let refusal = MediaError(.inputTooLarge, path: path, reason: "image is 40x30 = 1200 pixels, over the limit of 1199 pixels (raise it with --max-pixels)")
        let reader = try FrameReader(contentsOf: path, pixelLimit: limit)
        #expect(throws: refusal) { try reader.nextFrame() }
        #expect(reader.framesAllocated == 0)
        #expect(throws: refusal) { try ImageDecoder.decode(contentsOf: path, pixelLimit: limit) }
    }

    @Test func aHeaderClaiming100000By100000IsRefusedWithoutAllocating() throws {
        let path = DamagedInputTests.corpus.appendingPathComponent("too-large--header-100000x100000.png").path
        let refusal = MediaError(.inputTooLarge, path: path, reason: "image is 100000x100000 = 10000000000 pixels, over the limit of 100000000 pixels (raise it with --max-pixels)")
        let reader = try FrameReader(contentsOf: path)
        #expect(throws: refusal) { try reader.nextFrame() }
        #expect(reader.framesAllocated == 0)
        #expect(throws: refusal) { try ImageDecoder.decode(contentsOf: path) }
    }

    /// A limit raised past what FFmpeg's decoders take: the picture is named too large for
    /// them, not damaged, by the probe and by the decoder.
    @Test func aPictureOverFFmpegsOwnCeilingIsNamedSo() throws {
        let path = DamagedInputTests.corpus.appendingPathComponent("too-large--header-100000x100000.png").path
        let limit = PixelLimit(maxPixels: 20_000_000_000)
        let refusal = MediaError(.inputTooLarge, path: path, reason: "image is 100000x100000, larger than FFmpeg's decoders take (about 268 million pixels; a square of 16255x16255 at most)")
        let reader = try FrameReader(contentsOf: path, pixelLimit: limit)
        #expect(throws: refusal) { try reader.nextFrame() }
        #expect(throws: refusal) { try ImageDecoder.decode(contentsOf: path, pixelLimit: limit) }
        #expect(throws: refusal) { try ImageProbe.shownSize(of: path, pixelLimit: limit) }
        // FFmpeg decodes a width already a multiple of 64 as it is (a 16384x16100 JPEG decodes).
        #expect(FFmpegPictureCeiling.allows(PixelSize(width: 16255, height: 16255)))
        #expect(FFmpegPictureCeiling.allows(PixelSize(width: 16384, height: 16100)))
        #expect(!FFmpegPictureCeiling.allows(PixelSize(width: 16256, height: 16256)))
    }
}
