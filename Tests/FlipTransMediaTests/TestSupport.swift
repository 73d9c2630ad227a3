import CFFmpeg
import FlipTransCore
import Foundation
import ImageFixtures
@testable import FlipTransMedia

/// A fresh directory under /tmp, removed with its contents when released.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "fliptrans-media-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    var contents: [String] { (try? FileManager.default.contentsOfDirectory(atPath: path).sorted()) ?? [] }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// Runs the `ffmpeg` program quietly (tests only: to make inputs in other formats).
func runFFmpeg(_ arguments: [String]) throws {
    try TestPrograms.run("ffmpeg", ["-nostdin", "-v", "error", "-y"] + arguments)
}

/// An opaque image of four solid quadrants: red, green / blue, white.
func quadrantImage(width: Int, height: Int) -> Image {
    var image = Image(width: width, height: height, filledWith: .white)
    for y in 0..<height {
        for x in 0..<width {
            let colour: (UInt8, UInt8, UInt8) = switch (x < width / 2, y < height / 2) {
            case (true, true): (255, 0, 0)
            case (false, true): (0, 255, 0)
            case (true, false): (0, 0, 255)
            case (false, false): (255, 255, 255)
            }
            let i = (y * width + x) * 4
            (image.pixels[i], image.pixels[i + 1], image.pixels[i + 2]) = colour
        }
    }
    return image
}

/// Frame `index` of a synthetic video: smooth gradients with a square moving two pixels a frame.
func syntheticFrame(_ index: Int, size: PixelSize) -> Image {
    var pixels = [UInt8](repeating: 255, count: size.width * size.height * 4)
    for y in 0..<size.height {
        for x in 0..<size.width {
            let i = (y * size.width + x) * 4
            let inSquare = (2 * index..<2 * index + 32).contains(x) && (2 * index..<2 * index + 32).contains(y)
            pixels[i] = inSquare ? 230 : UInt8(x * 255 / (size.width - 1))
            pixels[i + 1] = inSquare ? 40 : UInt8(y * 255 / (size.height - 1))
            pixels[i + 2] = inSquare ? 60 : UInt8((index * 6 + 40) % 256)
        }
    }
    return Image(width: size.width, height: size.height, pixels: pixels)
}

/// Peak signal-to-noise ratio over the colour channels, in dB.
func psnr(_ a: Image, _ b: Image) -> Double {
    var squaredError = 0.0
    for i in a.pixels.indices where i % 4 != 3 {
        let difference = Double(a.pixels[i]) - Double(b.pixels[i])
        squaredError += difference * difference
    }
    let mean = squaredError / Double(a.pixels.count / 4 * 3)
    return mean == 0 ? .infinity : 10 * log10(255 * 255 / mean)
}

/// True when every channel of the pixel is within `tolerance` of `expected`.
func pixel(_ image: Image, x: Int, y: Int, isNear expected: (UInt8, UInt8, UInt8, UInt8), tolerance: Int) -> Bool {
    let p = image.pixel(x: x, y: y)
    return zip([p.r, p.g, p.b, p.a], [expected.0, expected.1, expected.2, expected.3]).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
}
