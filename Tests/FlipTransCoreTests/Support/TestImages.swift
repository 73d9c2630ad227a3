import FlipTransCore

/// Images made up for tests: solid fills, deterministic noise and checkerboards.
enum TestImages {
    static func solid(_ width: Int, _ height: Int, _ color: Color) -> Image {
        Image(width: width, height: height, filledWith: color)
    }

    /// Opaque pixels of pseudo-random colour (a fixed linear congruential sequence), so any
    /// resampling or misplacement shows up as a byte difference.
    static func noise(_ width: Int, _ height: Int, seed: UInt32 = 1) -> Image {
        var state = seed
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) {
            for channel in 0..<3 {
                state = state &* 1_664_525 &+ 1_013_904_223
                pixels[i * 4 + channel] = UInt8(state >> 24)
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    /// Alternating black and white squares of `cell` pixels.
    static func checkerboard(_ width: Int, _ height: Int, cell: Int = 1) -> Image {
        var image = Image(width: width, height: height, filledWith: .black)
        for y in 0..<height {
            for x in 0..<width where (x / cell + y / cell) % 2 == 0 {
                let i = (y * width + x) * 4
                image.pixels[i] = 255; image.pixels[i + 1] = 255; image.pixels[i + 2] = 255
            }
        }
        return image
    }
}

extension Image {
    /// Alpha of every pixel divided by 255, summed: the covered area in pixels.
    var coveredArea: Double {
        stride(from: 3, to: pixels.count, by: 4).reduce(0.0) { $0 + Double(pixels[$1]) / 255 }
    }
}
