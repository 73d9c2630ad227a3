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

    /// White with a black line one pixel high every `period` rows (from row 0).
    static func horizontalLines(_ width: Int, _ height: Int, period: Int) -> Image {
        var image = Image(width: width, height: height, filledWith: .white)
        for y in stride(from: 0, to: height, by: period) {
            for i in (y * width * 4)..<((y + 1) * width * 4) where i % 4 != 3 { image.pixels[i] = 0 }
        }
        return image
    }

    /// Opaque and photo-like: each channel is value noise summed over octaves (random levels on
    /// grids 32, 16, 8, 4 and 2 pixels apart, interpolated bilinearly, each octave half as strong
    /// as the one coarser), so detail falls off with frequency as in a photograph, down to the
    /// finest a pixel grid holds.
    static func photoLike(_ width: Int, _ height: Int, seed: UInt32 = 7) -> Image {
        var state = seed
        func random() -> Double {
            state = state &* 1_664_525 &+ 1_013_904_223
            return Double(state >> 8) / Double(1 << 24)
        }
        var sums = [Double](repeating: 0, count: width * height * 3)
        for (octave, spacing) in [32, 16, 8, 4, 2].enumerated() {
            let amplitude = 100 / Double(1 << octave)
            let columns = width / spacing + 2, rows = height / spacing + 2
            let lattice = (0..<(columns * rows * 3)).map { _ in random() * 2 - 1 }
            for y in 0..<height {
                for x in 0..<width {
                    let (gx, gy) = (Double(x) / Double(spacing), Double(y) / Double(spacing))
                    let (i, j) = (Int(gx), Int(gy))
                    let (fx, fy) = (gx - Double(i), gy - Double(j))
                    for k in 0..<3 {
                        func at(_ i: Int, _ j: Int) -> Double { lattice[(j * columns + i) * 3 + k] }
                        let top = at(i, j) * (1 - fx) + at(i + 1, j) * fx
                        let bottom = at(i, j + 1) * (1 - fx) + at(i + 1, j + 1) * fx
                        sums[(y * width + x) * 3 + k] += amplitude * (top * (1 - fy) + bottom * fy)
                    }
                }
            }
        }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for p in 0..<(width * height) {
            for k in 0..<3 { pixels[p * 4 + k] = UInt8(min(max(128 + sums[p * 3 + k], 0), 255).rounded()) }
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
