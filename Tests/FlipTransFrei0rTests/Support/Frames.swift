import FlipTransCore
import FlipTransMixer
import Foundation

/// Synthetic straight-RGBA frames and the core's own rendering of a transition, to hold the
/// plugin's output against.
enum Frames {
    /// A frame whose every pixel differs from its neighbours: colour from x, y and `seed`.
    static func pattern(width: Int, height: Int, seed: Int, alpha: UInt8 = 255) -> [UInt8] {
        var bytes = [UInt8](repeating: alpha, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                bytes[i] = UInt8(truncatingIfNeeded: x * 7 + seed * 50)
                bytes[i + 1] = UInt8(truncatingIfNeeded: y * 5 + seed * 90)
                bytes[i + 2] = UInt8(truncatingIfNeeded: (x + y) * 3 + seed * 20)
            }
        }
        return bytes
    }

    /// Every pixel one straight colour.
    static func filled(width: Int, height: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        (0..<width * height).flatMap { _ in [rgba.0, rgba.1, rgba.2, rgba.3] }
    }

    /// The frame `instance` draws at `position` from opaque inputs, A dark grey (0x40) and B light (0xC0).
    static func drawn(by instance: MixerInstance, at position: Double) -> [UInt8] {
        let a = filled(width: instance.width, height: instance.height, (0x40, 0x40, 0x40, 255))
        let b = filled(width: instance.width, height: instance.height, (0xC0, 0xC0, 0xC0, 255))
        var output = [UInt8](repeating: 0, count: a.count)
        instance.set(.number(position), at: 0)
        a.withUnsafeBytes { a in b.withUnsafeBytes { b in output.withUnsafeMutableBytes { instance.update(a: a.baseAddress, b: b.baseAddress, output: $0.baseAddress) } } }
        return output
    }

    /// What FlipTransCore itself draws at time fraction `t`: A and B premultiplied, the scene
    /// rendered, the frame taken back to straight alpha.
    static func reference(_ transition: any Transition, timing: (any Timing)? = nil, t: Double, a: [UInt8], b: [UInt8],
                          width: Int, height: Int, background: Color = .black) -> [UInt8] {
        func image(_ bytes: [UInt8]) -> Image {
            var image = Image(width: width, height: height, pixels: bytes)
            image.withMutablePixelBytes { Premultiplication.premultiply($0.buffer) }
            return image
        }
        let progress = (timing ?? transition.defaultTiming).progress(at: t)
        var frame = Renderer().render(transition.scene(of: [image(a), image(b)], progress: progress, background: background))
        frame.withMutablePixelBytes { Premultiplication.unpremultiply($0.buffer) }
        return frame.pixels
    }
}
