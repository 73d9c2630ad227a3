import FlipTransCore

// Images and frame comparisons shared by the transitions' tests.

/// An image where every pixel differs from its neighbours, so a misplaced or resampled pixel shows.
func patterned(_ size: PixelSize, seed: Int, translucent: Bool = false) -> Image {
    var pixels: [UInt8] = []
    for y in 0..<size.height {
        for x in 0..<size.width {
            let alpha = translucent && (x + y) % 3 == 0 ? 128 : 255
            let colour = [(x * 7 + seed * 31) % 256, (y * 11 + seed * 17) % 256, (x * y + seed * 53) % 256]
            pixels += colour.map { UInt8($0 * alpha / 255) } + [UInt8(alpha)]
        }
    }
    return Image(width: size.width, height: size.height, pixels: pixels)
}

/// The frame `transition` shows at progress `e`, over a transparent background.
func render(_ transition: any Transition, _ a: Image, _ b: Image, _ e: Double) -> Image {
    Renderer().render(transition.scene(of: [a, b], progress: e, background: .transparent))
}

/// The bytes of `rect`, row after row.
func bytes(of image: Image, in rect: PixelRect) -> [UInt8] {
    var result: [UInt8] = []
    for y in rect.y..<(rect.y + rect.height) {
        let rowStart = (y * image.width + rect.x) * Image.bytesPerPixel
        result += image.pixels[rowStart..<(rowStart + rect.width * Image.bytesPerPixel)]
    }
    return result
}

/// Every pixel where the two frames differ.
func differingPixels(_ a: Image, _ b: Image) -> [(x: Int, y: Int)] {
    var found: [(x: Int, y: Int)] = []
    for y in 0..<a.height {
        for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) {
            found.append((x, y))
        }
    }
    return found
}
