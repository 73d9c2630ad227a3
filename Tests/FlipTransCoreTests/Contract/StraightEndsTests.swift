import Testing
@testable import FlipTransCore

/// Semi-transparent images over a transparent background: wherever a transition's first or last
/// frame is exactly A or B (8-bit equal), it also carries that image's straight-alpha bytes, so
/// an output with alpha writes the input exactly, colours of alpha 1–10/255 included.
struct StraightEndsTests {
    /// Noise whose alpha runs through 1…12 and a few larger values, kept straight as a decoder
    /// keeps it.
    static func translucent(_ size: PixelSize, seed: UInt32) -> Image {
        var image = TestImages.noise(size.width, size.height, seed: seed)
        let alphas: [UInt8] = Array(1...12) + [128, 255]
        image = Image(width: size.width, height: size.height,
                      pixels: image.pixels.enumerated().map { $0.offset % 4 == 3 ? alphas[($0.offset / 4) % alphas.count] : $0.element })
        image.premultiplyKeepingStraight()
        return image
    }

    @Test(arguments: TransitionContractTests.styles)
    func endFramesThatAreAnImageCarryItsStraightBytes(style: TransitionContractTests.Style) throws {
        let transition = try style.make()
        guard !transition.drawsHolds else { return }
        let size = PixelSize(width: 48, height: 32)
        let images = (0..<max(2, transition.imageCount)).map { Self.translucent(size, seed: UInt32(21 + $0)) }
        let clip = try TransitionClip(transition: transition, duration: 1, fps: 30)
        let renderer = Renderer()
        var checked = 0
        for (t, image) in [(0.0, images[0]), (1.0, images[1])] {
            let frame = renderer.render(clip.scene(of: images, at: t, background: .transparent))
            guard frame == image else { continue }
            checked += 1
            #expect(frame.straightPixels == image.straightPixels, "t = \(t)")
        }
        // Every transition that draws no holds of its own shows A alone at the start and B alone
        // at the end.
        #expect(checked == 2)
    }

    /// Pixels written, whole or in place, are what the image is: the straight bytes kept from
    /// before, which would no longer describe them, go.
    @Test func writingPixelsDropsTheStraightBytes() {
        let size = PixelSize(width: 4, height: 2)
        var whole = Self.translucent(size, seed: 3)
        #expect(whole.straightPixels != nil)
        whole.pixels = [UInt8](repeating: 255, count: whole.pixels.count)
        #expect(whole.straightPixels == nil)
        var inPlace = Self.translucent(size, seed: 3)
        inPlace.pixels[0] = 0
        #expect(inPlace.straightPixels == nil)
        // Reading them keeps them.
        let kept = Self.translucent(size, seed: 3)
        #expect(kept.pixels.count == 32 && kept.straightPixels != nil)
    }
}
