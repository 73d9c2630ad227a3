import FlipTransCore
import Testing
@testable import FlipTransMedia

struct ColourConversionTests {
    /// Decoded 8-bit sRGB pixels become the image's own storage, premultiplied where they lie:
    /// not copied first (8 MB at 1080p, and as many fresh pages to fault in).
    @Test func eightBitPixelsAreTakenNotCopied() throws {
        let conversion = ColourConversion(.sRGB, deep: false, greyPixels: false, path: "a.png", warning: { _ in })
        var pixels = try DecodedPixels(size: PixelSize(width: 64, height: 32), layout: .rgba8)
        for i in stride(from: 0, to: pixels.bytes.count, by: 4) {
            (pixels.bytes[i], pixels.bytes[i + 1], pixels.bytes[i + 2], pixels.bytes[i + 3]) = (UInt8(i % 251), UInt8(i % 7), 9, 255)
        }
        // Opaque, so premultiplying leaves them as they are; `map` makes a copy of its own.
        let expected = pixels.bytes.map { $0 }
        let address = pixels.bytes.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
        let image = try conversion.image(from: consume pixels)
        #expect(image.pixels == expected)
        #expect(image.pixels.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) } == address)
    }
}
