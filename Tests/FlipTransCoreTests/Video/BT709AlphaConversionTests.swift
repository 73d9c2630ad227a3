import Testing
@testable import FlipTransCore

struct BT709AlphaConversionTests {
    /// `image` converted, as tightly packed planes.
    func convert(_ image: Image, bands: Int = 1) -> (y: [UInt8], cb: [UInt8], cr: [UInt8], alpha: [UInt8]) {
        let chromaWidth = (image.width + 1) / 2, chromaHeight = (image.height + 1) / 2
        var y = [UInt8](repeating: 0, count: image.width * image.height), alpha = y
        var cb = [UInt8](repeating: 0, count: chromaWidth * chromaHeight), cr = cb
        y.withUnsafeMutableBufferPointer { y in
            cb.withUnsafeMutableBufferPointer { cb in
                cr.withUnsafeMutableBufferPointer { cr in
                    alpha.withUnsafeMutableBufferPointer { alpha in
                        let planes = YUV420Planes(luma: y.baseAddress!, lumaStride: image.width,
                                                  cb: cb.baseAddress!, cr: cr.baseAddress!, chromaStride: chromaWidth)
                        BT709AlphaConversion.convert(image, into: planes, alpha: alpha.baseAddress!, alphaStride: image.width, bands: bands)
                    }
                }
            }
        }
        return (y, cb, cr, alpha)
    }

    /// An image from straight RGBA: an orange shape with a soft edge on pixels that are fully
    /// transparent and coloured `hidden` (which exporters write green, black, white …).
    func logo(hidden: (UInt8, UInt8, UInt8), width: Int = 9, height: Int = 7) -> Image {
        var bytes: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let alpha = x < 3 ? 0 : x == 3 ? 90 : x == 4 ? 200 : 255
                bytes += alpha == 0 ? [hidden.0, hidden.1, hidden.2, 0] : [255, UInt8(140 - y), 0, UInt8(alpha)]
            }
        }
        var image = Image(width: width, height: height, pixels: bytes)
        image.premultiplyKeepingStraight()
        return image
    }

    /// The colour a fully transparent pixel is stored with reaches no plane but its own luma:
    /// chroma is the visible pixels' (a plain average, swscale's, put a green or a brown edge on
    /// an orange logo whose transparent pixels were green or black).
    @Test func aTransparentPixelsColourDoesNotTintItsNeighbours() {
        let green = convert(logo(hidden: (0, 255, 0))), black = convert(logo(hidden: (0, 0, 0)))
        #expect(green.cb == black.cb && green.cr == black.cr)
        #expect(green.alpha == black.alpha)
        // The chroma samples over the soft edge (columns 3-5) are the orange's, as inside the shape.
        let inside = convert(logo(hidden: (255, 140, 0)))
        for row in 0..<4 {
            #expect(abs(Int(green.cb[row * 5 + 2]) - Int(inside.cb[row * 5 + 3])) <= 1 && abs(Int(green.cr[row * 5 + 2]) - Int(inside.cr[row * 5 + 3])) <= 1,
                    "row \(row): \(green.cb[row * 5 + 2]), \(green.cr[row * 5 + 2]) against \(inside.cb[row * 5 + 3]), \(inside.cr[row * 5 + 3])")
        }
        // Where no pixel is seen, chroma is neutral; alpha is each pixel's own.
        #expect(green.cb[0] == 128 && green.cr[0] == 128)
        #expect(green.alpha[0..<9] == [0, 0, 0, 90, 200, 255, 255, 255, 255])
    }

    /// Split across cores, every band's rows come out as in one pass, the odd height's last row too.
    @Test(arguments: [2, 3, 4, 9])
    func bandsMakeTheSamePlanesAsOnePass(bands: Int) {
        let image = logo(hidden: (0, 255, 0), width: 11, height: 9)
        let (whole, banded) = (convert(image), convert(image, bands: bands))
        #expect(banded.y == whole.y && banded.cb == whole.cb && banded.cr == whole.cr && banded.alpha == whole.alpha)
    }

    /// An opaque frame comes out as `BT709Conversion` makes it, with an opaque alpha plane.
    @Test(arguments: [(9, 7), (8, 6), (1, 1)])
    func anOpaqueFrameIsTheOpaqueConversion(width: Int, height: Int) {
        var bytes: [UInt8] = []
        for index in 0..<(width * height) { bytes += [UInt8(index * 37 % 256), UInt8(index * 91 % 256), UInt8(index * 13 % 256), 255] }
        let image = Image(width: width, height: height, pixels: bytes)
        let withAlpha = convert(image), opaque = BT709ConversionTests().convert(image)
        #expect(withAlpha.y == opaque.y && withAlpha.cb == opaque.cb && withAlpha.cr == opaque.cr)
        #expect(withAlpha.alpha.allSatisfy { $0 == 255 })
    }
}
