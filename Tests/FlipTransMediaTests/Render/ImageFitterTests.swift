import FlipTransCore
import Testing
@testable import FlipTransMedia

struct ImageFitterTests {
    let blue = Color(red: 0, green: 0, blue: 255)

    @Test func containLeavesBarsOfTheBackground() throws {
        let image = Image(width: 100, height: 50, filledWith: Color(red: 255, green: 0, blue: 0))
        let fitted = try ImageFitter.fit(image, into: PixelSize(width: 100, height: 100), mode: .contain, background: blue)
        #expect(fitted.size == PixelSize(width: 100, height: 100))
        for y in [0, 24, 75, 99] { #expect(fitted.pixel(x: 50, y: y) == (0, 0, 255, 255)) }
        for y in [25, 50, 74] { #expect(fitted.pixel(x: 50, y: y) == (255, 0, 0, 255)) }
    }

    @Test func coverCropsTheOverflow() throws {
        // Four vertical bands: blue, red, green, white; cover keeps the middle two.
        var image = quadrantImage(width: 200, height: 100)
        for y in 0..<100 {
            for x in 0..<200 {
                let band: (UInt8, UInt8, UInt8) = [(0, 0, 255), (255, 0, 0), (0, 255, 0), (255, 255, 255)][x / 50]
                let i = (y * 200 + x) * 4
                (image.pixels[i], image.pixels[i + 1], image.pixels[i + 2]) = band
            }
        }
        let fitted = try ImageFitter.fit(image, into: PixelSize(width: 100, height: 100), mode: .cover, background: .black)
        #expect(fitted.pixel(x: 0, y: 0) == (255, 0, 0, 255))
        #expect(fitted.pixel(x: 49, y: 99) == (255, 0, 0, 255))
        #expect(fitted.pixel(x: 50, y: 0) == (0, 255, 0, 255))
        #expect(fitted.pixel(x: 99, y: 99) == (0, 255, 0, 255))
    }

    @Test(arguments: FitMode.allCases)
    func identicalSizeIsByteExact(mode: FitMode) throws {
        let bytes: [UInt8] = (0..<37 * 21 * 4).map { (i: Int) -> UInt8 in i % 4 == 3 ? 200 : UInt8(i * 7 % 200) }
        let translucent = Image(width: 37, height: 21, pixels: bytes)
        // Blur puts a see-through image over a blurred copy of itself, never over nothing.
        if mode != .blur {
            #expect(try ImageFitter.fit(translucent, into: translucent.size, mode: mode, background: .transparent) == translucent)
        }
        let opaque = syntheticFrame(2, size: PixelSize(width: 37, height: 21))
        #expect(try ImageFitter.fit(opaque, into: opaque.size, mode: mode, background: blue) == opaque)
    }

    @Test func largePhotoFitsDown() throws {
        let fitted = try ImageFitter.fit(quadrantImage(width: 4000, height: 3000), into: PixelSize(width: 640, height: 480),
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
        let fitted = try ImageFitter.fit(image, into: frame, mode: .contain, background: background)
        let panel = Panel(image: image, transform: .translation(0, 4), perspective: Perspective(eyeDistance: 1000, vanishingPoint: Point(128, 8)))
        let drawn = Renderer(bands: 1).render(Scene(size: frame, background: background, panels: [panel]))
        try #require(fitted.size == drawn.size)
        let differing = (0..<frame.height).flatMap { y in
            (0..<frame.width).filter { x in fitted.pixel(x: x, y: y) != drawn.pixel(x: x, y: y) }.map { x in "(\(x), \(y))" }
        }
        #expect(differing.isEmpty, "\(differing.count) pixels differ, first at \(differing.prefix(5))")
    }

    /// Every fit mode between the most extreme shapes the side limits allow, both ways: a solid
    /// image comes out solid wherever it is placed, and contain leaves the rest background.
    @Test(arguments: FitMode.allCases, [
        (PixelSize(width: 16, height: 8192), PixelSize(width: 8192, height: 16)),
        (PixelSize(width: 8192, height: 16), PixelSize(width: 16, height: 8192)),
        (PixelSize(width: 16, height: 1024), PixelSize(width: 1024, height: 16)),
        (PixelSize(width: 1024, height: 16), PixelSize(width: 16, height: 1024)),
        (PixelSize(width: 16, height: 16), PixelSize(width: 8192, height: 16)),
        (PixelSize(width: 8192, height: 16), PixelSize(width: 16, height: 16)),
        (PixelSize(width: 17, height: 8191), PixelSize(width: 8190, height: 18)),
        // Images may be smaller than a frame may be: a single pixel enlarged 8192 times.
        (PixelSize(width: 1, height: 1), PixelSize(width: 8192, height: 16)),
    ])
    func extremeShapesFitEveryWay(mode: FitMode, sizes: (source: PixelSize, frame: PixelSize)) throws {
        let orange = Color(red: 250, green: 140, blue: 20)
        let image = Image(width: sizes.source.width, height: sizes.source.height, filledWith: orange)
        let fitted = try ImageFitter.fit(image, into: sizes.frame, mode: mode, background: .transparent)
        #expect(fitted.size == sizes.frame)
        let placement = mode.layout(source: sizes.source, frame: sizes.frame).placement
        var wrong = 0
        for y in 0..<fitted.height {
            for x in 0..<fitted.width {
                let inside = mode != .contain || (placement.x..<placement.x + placement.width).contains(x)
                    && (placement.y..<placement.y + placement.height).contains(y)
                let expected: (Int, Int, Int, Int) = inside ? (250, 140, 20, 255) : (0, 0, 0, 0)
                let p = fitted.pixel(x: x, y: y)
                if abs(Int(p.r) - expected.0) > 1 || abs(Int(p.g) - expected.1) > 1 || abs(Int(p.b) - expected.2) > 1
                    || abs(Int(p.a) - expected.3) > 1 { wrong += 1 }
            }
        }
        #expect(wrong == 0, "\(wrong) pixels not as expected")
    }

    /// A frame there is no memory for is an error the caller words, not the end of the program.
    @Test func aFrameLargerThanMemoryIsRefused() {
        let frame = PixelSize(width: 1 << 24, height: 1 << 22)
        #expect(throws: MemoryShortage(size: frame)) {
            try ImageFitter.fit(Image(width: 4, height: 4), into: frame, mode: .contain, background: .black)
        }
    }

    /// A million pixels tall into 16: beyond what one swscale pass shrinks by.
    @Test func aMillionPixelsShrinkToSixteen() throws {
        let image = Image(width: 16, height: 1_000_000, filledWith: .white)
        let fitted = try ImageFitter.fit(image, into: PixelSize(width: 16, height: 16), mode: .contain, background: .black)
        // Contain makes it a 1×16 column in the middle.
        #expect(fitted.pixel(x: 7, y: 8) == (255, 255, 255, 255) && fitted.pixel(x: 6, y: 8) == (0, 0, 0, 255))
    }

    /// Sides that shrink are scaled first, then sides that grow, each pass by at most 1024 times;
    /// what one pass can do stays one pass.
    @Test func resamplingPassesShrinkThenEnlarge() {
        func size(_ width: Int, _ height: Int) -> PixelSize { PixelSize(width: width, height: height) }
        #expect(ImageFitter.resamplingPasses(from: size(4000, 3000), to: size(640, 480)) == [size(640, 480)])
        #expect(ImageFitter.resamplingPasses(from: size(16, 16), to: size(8192, 8192)) == [size(8192, 8192)])
        #expect(ImageFitter.resamplingPasses(from: size(8192, 8192), to: size(16, 16)) == [size(16, 16)])
        #expect(ImageFitter.resamplingPasses(from: size(1280, 720), to: size(1280, 360)) == [size(1280, 360)])
        #expect(ImageFitter.resamplingPasses(from: size(16, 1024), to: size(1024, 16)) == [size(16, 16), size(1024, 16)])
        #expect(ImageFitter.resamplingPasses(from: size(1, 1), to: size(8192, 16)) == [size(1024, 16), size(8192, 16)])
        #expect(ImageFitter.resamplingPasses(from: size(16, 1_000_000), to: size(1, 16)) == [size(1, 977), size(1, 16)])
        #expect(ImageFitter.resamplingPasses(from: size(5, 5), to: size(5, 5)) == [])
    }

    /// Stretching a tall image wide shrinks one axis and enlarges the other: its top stays at the
    /// top and its left at the left.
    @Test func stretchingTallToWideKeepsTheLayout() throws {
        // Left half red, right half blue; the top quarter darker.
        let source = Image(width: 16, height: 1024, pixels: (0..<16 * 1024).flatMap { i -> [UInt8] in
            let (x, y) = (i % 16, i / 16)
            let level: UInt8 = y < 256 ? 100 : 255
            return x < 8 ? [level, 0, 0, 255] : [0, 0, level, 255]
        })
        let fitted = try ImageFitter.fit(source, into: PixelSize(width: 1024, height: 16), mode: .stretch, background: .black)
        #expect(pixel(fitted, x: 100, y: 1, isNear: (100, 0, 0, 255), tolerance: 2))
        #expect(pixel(fitted, x: 100, y: 12, isNear: (255, 0, 0, 255), tolerance: 2))
        #expect(pixel(fitted, x: 900, y: 1, isNear: (0, 0, 100, 255), tolerance: 2))
        #expect(pixel(fitted, x: 900, y: 12, isNear: (0, 0, 255, 255), tolerance: 2))
    }

    @Test func upscalingKeepsPremultipliedColoursValid() throws {
        let checker = Image(width: 8, height: 8, pixels: (0..<64).flatMap { i -> [UInt8] in
            (i / 8 + i % 8) % 2 == 0 ? [255, 255, 255, 255] : [0, 0, 0, 0]
        })
        let fitted = try ImageFitter.fit(checker, into: PixelSize(width: 40, height: 40), mode: .stretch, background: .transparent)
        for i in stride(from: 0, to: fitted.pixels.count, by: 4) {
            #expect(fitted.pixels[i..<i + 3].allSatisfy { $0 <= fitted.pixels[i + 3] })
        }
    }
}
