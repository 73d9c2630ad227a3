import FlipTransCore
import Foundation

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

    /// Opaque, smooth and busy: one channel ramps across, one down, and the third is an egg-crate
    /// of waves `period` pixels long; `seed` rotates the channels so two images differ
    /// everywhere. Every pixel has a steep slope somewhere, so a misplaced or wrongly shaded panel
    /// shows everywhere, while (unlike noise or sharp squares) any sensible filter resamples it
    /// alike: box, bilinear and mipmap filters differ by a level or two, not by tens.
    static func rampsAndWaves(_ width: Int, _ height: Int, seed: Int = 0, period: Double = 16) -> Image {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (u, v) = (2 * Double.pi * (Double(x) + 0.5) / period, 2 * Double.pi * (Double(y) + 0.5) / period)
                let channels = [UInt8(x * 255 / max(width - 1, 1)), UInt8(y * 255 / max(height - 1, 1)),
                                UInt8((128 + 100 * sin(u) * sin(v)).rounded())]
                for k in 0..<3 { pixels[(y * width + x) * 4 + k] = channels[(k + seed) % 3] }
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
