import FlipTransCore
import Testing
@testable import FlipTransMedia

struct ImageFitterTests {
    let blue = Color(red: 0, green: 0, blue: 255)

    @Test func containLeavesBarsOfTheBackground() {
        let image = Image(width: 100, height: 50, filledWith: Color(red: 255, green: 0, blue: 0))
        let fitted = ImageFitter.fit(image, into: PixelSize(width: 100, height: 100), mode: .contain, background: blue)
        #expect(fitted.size == PixelSize(width: 100, height: 100))
        for y in [0, 24, 75, 99] { #expect(fitted.pixel(x: 50, y: y) == (0, 0, 255, 255)) }
        for y in [25, 50, 74] { #expect(fitted.pixel(x: 50, y: y) == (255, 0, 0, 255)) }
    }

    @Test func coverCropsTheOverflow() {
        // Four vertical bands: blue, red, green, white; cover keeps the middle two.
        var image = quadrantImage(width: 200, height: 100)
        for y in 0..<100 {
            for x in 0..<200 {
                let band: (UInt8, UInt8, UInt8) = [(0, 0, 255), (255, 0, 0), (0, 255, 0), (255, 255, 255)][x / 50]
                let i = (y * 200 + x) * 4
                (image.pixels[i], image.pixels[i + 1], image.pixels[i + 2]) = band
            }
        }
        let fitted = ImageFitter.fit(image, into: PixelSize(width: 100, height: 100), mode: .cover, background: .black)
        #expect(fitted.pixel(x: 0, y: 0) == (255, 0, 0, 255))
        #expect(fitted.pixel(x: 49, y: 99) == (255, 0, 0, 255))
        #expect(fitted.pixel(x: 50, y: 0) == (0, 255, 0, 255))
        #expect(fitted.pixel(x: 99, y: 99) == (0, 255, 0, 255))
    }

    @Test(arguments: FitMode.allCases)
    func identicalSizeIsByteExact(mode: FitMode) {
        let bytes: [UInt8] = (0..<37 * 21 * 4).map { (i: Int) -> UInt8 in i % 4 == 3 ? 200 : UInt8(i * 7 % 200) }
        let translucent = Image(width: 37, height: 21, pixels: bytes)
        // Blur puts a see-through image over a blurred copy of itself, never over nothing.
        if mode != .blur {
            #expect(ImageFitter.fit(translucent, into: translucent.size, mode: mode, background: .transparent) == translucent)
        }
        let opaque = syntheticFrame(2, size: PixelSize(width: 37, height: 21))
        #expect(ImageFitter.fit(opaque, into: opaque.size, mode: mode, background: blue) == opaque)
    }

    @Test func largePhotoFitsDown() {
        let fitted = ImageFitter.fit(quadrantImage(width: 4000, height: 3000), into: PixelSize(width: 640, height: 480),
                                     mode: .contain, background: .black)
        #expect(fitted.size == PixelSize(width: 640, height: 480))
        #expect(pixel(fitted, x: 160, y: 120, isNear: (255, 0, 0, 255), tolerance: 2))
        #expect(pixel(fitted, x: 480, y: 120, isNear: (0, 255, 0, 255), tolerance: 2))
        #expect(pixel(fitted, x: 160, y: 360, isNear: (0, 0, 255, 255), tolerance: 2))
        #expect(pixel(fitted, x: 480, y: 360, isNear: (255, 255, 255, 255), tolerance: 2))
    }

    /// An image fitted without scaling is composited over the background exactly as the renderer
    /// draws it as a panel over the same background: one source-over, the same rounding.
    @Test(arguments: [Color(red: 30, green: 160, blue: 90), Color(red: 200, green: 40, blue: 250, alpha: 128), .transparent])
    func translucentPixelsAreCompositedAsTheRendererDrawsThem(background: Color) throws {
        // Every alpha, with colours from 0 up to the alpha: premultiplied pixels of every kind.
        let image = Image(width: 256, height: 8, pixels: (0..<256 * 8).flatMap { i -> [UInt8] in
            let alpha = i % 256, row = i / 256
            return [UInt8(alpha * row / 7), UInt8(alpha * (7 - row) / 7), UInt8(alpha / 2), UInt8(alpha)]
        })
        // Contain puts it unscaled in the middle band, 4 rows down.
        let frame = PixelSize(width: 256, height: 16)
        let fitted = ImageFitter.fit(image, into: frame, mode: .contain, background: background)
        let panel = Panel(image: image, transform: .translation(0, 4), perspective: Perspective(eyeDistance: 1000, vanishingPoint: Point(128, 8)))
        let drawn = Renderer(bands: 1).render(Scene(size: frame, background: background, panels: [panel]))
        try #require(fitted.size == drawn.size)
        let differing = (0..<frame.height).flatMap { y in
            (0..<frame.width).filter { x in fitted.pixel(x: x, y: y) != drawn.pixel(x: x, y: y) }.map { x in "(\(x), \(y))" }
        }
        #expect(differing.isEmpty, "\(differing.count) pixels differ, first at \(differing.prefix(5))")
    }

    @Test func upscalingKeepsPremultipliedColoursValid() {
        let checker = Image(width: 8, height: 8, pixels: (0..<64).flatMap { i -> [UInt8] in
            (i / 8 + i % 8) % 2 == 0 ? [255, 255, 255, 255] : [0, 0, 0, 0]
        })
        let fitted = ImageFitter.fit(checker, into: PixelSize(width: 40, height: 40), mode: .stretch, background: .transparent)
        for i in stride(from: 0, to: fitted.pixels.count, by: 4) {
            #expect(fitted.pixels[i..<i + 3].allSatisfy { $0 <= fitted.pixels[i + 3] })
        }
    }
}
