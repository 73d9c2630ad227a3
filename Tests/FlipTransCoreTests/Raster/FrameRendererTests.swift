import Testing
@testable import FlipTransCore

/// `FrameRenderer` draws frame after frame from images rewritten in place, rebuilding their
/// mipmaps in storage it keeps: each frame must be exactly what a fresh `Renderer` draws from the
/// same pixels, and the images must stay writable in place (it keeps no reference to them).
struct FrameRendererTests {
    /// Odd, so that halves, strips and mipmap levels are uneven.
    let size = PixelSize(width: 45, height: 31)

    @Test(arguments: [try Flip(direction: .up), try Page(direction: .right), try Fold(),
                      try Fold(style: .cubic, orientation: .horizontal), try Clock(settings: TransitionSettings())] as [any Transition])
    func framesFromImagesRewrittenInPlaceAreWhatAFreshRendererDraws(transition: any Transition) throws {
        let renderer = FrameRenderer(bands: 3)
        var images = [Image(width: size.width, height: size.height), Image(width: size.width, height: size.height)]
        let storage = images.map(\.pixelStorage)
        var scene = Scene(size: size, background: .black, panels: [])
        var frame = Image(width: size.width, height: size.height)
        // Forwards, backwards across the middle and back to the start: each stage comes round again.
        for (step, progress) in [0.1, 0.3, 0.5, 0.7, 0.95, 0.6, 0.4, 0.1].enumerated() {
            for index in images.indices {
                let pixels = TestImages.noise(size.width, size.height, seed: UInt32(10 * step + index + 1)).pixels
                images[index].withMutablePixelBytes { bytes in
                    for i in bytes.buffer.indices { bytes.buffer[i] = pixels[i] }
                }
            }
            #expect(images.map(\.pixelStorage) == storage, "step \(step): A and B were copied, not written in place")
            transition.scene(of: images, progress: progress, background: .black, into: &scene)
            try renderer.render(scene, into: &frame)
            scene.panels.removeAll(keepingCapacity: true)
            let expected = Renderer(bands: 1).render(transition.scene(of: images.map { Image(width: $0.width, height: $0.height, pixels: $0.pixels) },
                                                                      progress: progress, background: .black))
            let differing = zip(frame.pixels, expected.pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "\(type(of: transition).name) at \(progress), step \(step): \(differing) bytes differ")
        }
    }
}
