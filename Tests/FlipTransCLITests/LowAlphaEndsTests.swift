import Foundation
import Testing

/// A semi-transparent input goes through the real command into formats that keep alpha, and
/// its frames are read back by the ffmpeg program: where a frame is exactly an input image (a
/// held slide, a transition's first and last frame), every pixel — colour included, even at
/// alpha 1–10/255, which 8-bit premultiplied colour cannot hold — is the input's.
struct LowAlphaEndsTests {
    static let (width, height) = (64, 48)

    /// Straight RGBA in which every alpha from 0 to 12 appears with many colours, beside
    /// half-transparent and opaque pixels.
    static func translucent(seed: Int) -> [UInt8] {
        var state = UInt32(truncatingIfNeeded: seed * 7919 + 1)
        func next() -> UInt8 {
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        let alphas: [UInt8] = Array(0...12) + [100, 200, 254, 255]
        return (0..<width * height).flatMap { i in [next(), next(), next(), alphas[(i + seed) % alphas.count]] }
    }

    /// Writes `pixels` as an RGBA PNG with the ffmpeg program.
    static func writePNG(_ pixels: [UInt8], to name: String, in workspace: Workspace) throws {
        try Data(pixels).write(to: URL(fileURLWithPath: workspace.path("\(name).rgba")))
        try ExternalTool.ffmpeg(["-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-i", "\(name).rgba",
                                 "-pix_fmt", "rgba", name], in: workspace.url)
    }

    /// Every frame of `path`, decoded to straight RGBA by the ffmpeg program.
    static func frames(of path: String, in workspace: Workspace) throws -> [[UInt8]] {
        let bytes = [UInt8](try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
                                                 in: workspace.url))
        let frameBytes = width * height * 4
        return stride(from: 0, to: bytes.count, by: frameBytes).map { Array(bytes[$0..<min($0 + frameBytes, bytes.count)]) }
    }

    /// How many pixels of `frame` differ from `image` (all of them when the sizes differ).
    static func differingPixels(_ frame: [UInt8], _ image: [UInt8]) -> Int {
        guard frame.count == image.count else { return width * height }
        return stride(from: 0, to: image.count, by: 4).filter { frame[$0..<$0 + 4] != image[$0..<$0 + 4] }.count
    }

    let a = translucent(seed: 1), b = translucent(seed: 2)

    func workspace() throws -> Workspace {
        let workspace = try Workspace()
        try Self.writePNG(a, to: "ta.png", in: workspace)
        try Self.writePNG(b, to: "tb.png", in: workspace)
        return workspace
    }

    @Test func aPNGSequenceStartsAndEndsOnTheInputsExactly() throws {
        let workspace = try workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("frames"), withIntermediateDirectories: false)
        let result = try workspace.run("ta.png", "tb.png", "-o", "frames/f%02d.png", "--background", "transparent",
                                       "--duration", "0.5", "--fps", "10")
        #expect(result.status == 0, "\(result.stderr)")
        let first = try Self.frames(of: "frames/f01.png", in: workspace), last = try Self.frames(of: "frames/f05.png", in: workspace)
        #expect(first.count == 1 && Self.differingPixels(first[0], a) == 0, "the transition's first frame is A")
        #expect(last.count == 1 && Self.differingPixels(last[0], b) == 0, "the transition's last frame is B")
        let middle = try Self.frames(of: "frames/f03.png", in: workspace)
        #expect(middle.count == 1 && Self.differingPixels(middle[0], a) > 0 && Self.differingPixels(middle[0], b) > 0,
                "the frames between are the turn")
    }

    @Test func anAnimatedPNGHoldsTheInputsExactly() throws {
        let workspace = try workspace()
        let result = try workspace.run("ta.png", "tb.png", "-o", "t.apng", "--background", "transparent",
                                       "--duration", "0.5", "--fps", "10", "--hold", "0.2")
        #expect(result.status == 0, "\(result.stderr)")
        let frames = try Self.frames(of: "t.apng", in: workspace)
        #expect(frames.count == 9)
        // Two held frames and the turn's first show A; its last and two held frames show B.
        #expect(frames.prefix(3).map { Self.differingPixels($0, a) } == [0, 0, 0])
        #expect(frames.suffix(3).map { Self.differingPixels($0, b) } == [0, 0, 0])
    }
}
