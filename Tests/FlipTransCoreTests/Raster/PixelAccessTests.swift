import Testing
@testable import FlipTransCore

struct PixelAccessTests {
    /// Pixel (x, y) with bytes R = x, G = y, B = 7, A = 255 (so the image is a valid premultiplied one).
    func coordinates(_ width: Int, _ height: Int) -> Image {
        Image(width: width, height: height, pixels: (0..<width * height).flatMap { i -> [UInt8] in
            [UInt8(i % width), UInt8(i / width), 7, 255]
        })
    }

    @Test func pixelViewsAddressRowsAndColumns() {
        let image = coordinates(5, 3)
        image.withPixels { pixels in
            #expect((pixels.width, pixels.height, pixels.rowStride) == (5, 3, 5))
            #expect(pixels.buffer.count == 15)
            for y in 0..<3 {
                for x in 0..<5 {
                    // Bytes R, G, B, A in memory order: R is the low byte on a little-endian machine.
                    #expect(UInt32(littleEndian: pixels.row(y)[x]) == UInt32(x) | UInt32(y) << 8 | 7 << 16 | 255 << 24)
                }
            }
        }
        image.withPixelBytes { bytes in
            #expect((bytes.width, bytes.height, bytes.rowStride) == (5, 3, image.bytesPerRow))
            #expect(Array(bytes.buffer) == image.pixels)
            #expect((bytes.row(2)[4 * 3], bytes.row(2)[4 * 3 + 1]) == (3, 2))
        }
    }

    @Test func writingThroughAViewLeavesCopiesAlone() {
        let original = coordinates(4, 2)
        var copy = original
        #expect(copy.sharesPixelStorage(with: original))
        copy.withMutablePixels { $0.row(1)[2] = 0 }
        copy.withMutablePixelBytes { $0.row(0)[0] = 99 }
        #expect(!copy.sharesPixelStorage(with: original))
        #expect(original == coordinates(4, 2))
        #expect(copy.pixel(x: 2, y: 1) == (0, 0, 0, 0))
        #expect(copy.pixel(x: 0, y: 0) == (99, 0, 7, 255))
    }

    @Test func sharingNeedsTheSameStorageAndShape() {
        #expect(!coordinates(3, 3).sharesPixelStorage(with: coordinates(3, 3)))
        // The same bytes read as another shape are other pixels.
        let image = coordinates(4, 4)
        #expect(!image.sharesPixelStorage(with: Image(width: 2, height: 8, pixels: image.pixels)))
    }
}
