import FlipTransCore
import FlipTransMedia
import Foundation
import Testing

/// Every transition style rendered at t = 0.25, 0.5 and 0.75 (through its default timing curve)
/// at 96×64, compared with the frames committed in ReferenceImages/<style>-<t>.png: any change
/// to what a transition looks like shows up here, and must be accepted by regenerating them
/// (Scripts/update-reference-images.sh, which sets FLIPTRANS_UPDATE_REFERENCES=1) and reviewing
/// the new PNGs.
struct ReferenceImageTests {
    static let times = [0.25, 0.5, 0.75]
    static let size = PixelSize(width: 96, height: 64)
    static let background = Color(red: 24, green: 28, blue: 36)
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ReferenceImages")
    static var updating: Bool { ProcessInfo.processInfo.environment["FLIPTRANS_UPDATE_REFERENCES"] == "1" }

    /// A frame matches its reference when no channel is more than 2 apart, except in at most 6
    /// pixels (0.1% of the frame). The renderer is deterministic, so on the machine that wrote the
    /// references the frames are identical; the slack is for other machines and compilers,
    /// whose sin, cos and atan2 may differ in the last bit: that moves geometry by ~1e-13 pixel,
    /// which can tip a coverage, a filter weight or a shade to the next 8-bit step (±1, or 2
    /// where two of them add up), and in rare pixels tip a perspective run to another stepping,
    /// a few levels more. Real changes are far bigger: a panel half a pixel off, or a shadow
    /// 0.05 darker, changes hundreds of pixels by more than 2.
    static let channelTolerance = 2
    static let outlierAllowance = 6

    static func fileName(_ style: String, _ t: Double) -> String { "\(style)-\(t).png" }

    @Test(arguments: referenceStyles().map(\.name))
    func framesMatchReferences(style name: String) throws {
        let style = try #require(referenceStyles().first { $0.name == name })
        let transition = try style.make()
        let (a, b) = (ReferenceImageTests.firstImage(), ReferenceImageTests.secondImage())
        var failures: TemporaryFailureDirectory?
        var written: [String] = []
        defer {
            // Recorded, not silent: the run says it compared nothing.
            if !written.isEmpty {
                Issue.record("FLIPTRANS_UPDATE_REFERENCES=1: wrote \(written.joined(separator: ", ")) instead of comparing",
                             severity: .warning)
            }
        }
        for t in Self.times {
            let frame = try referenceFrame(transition, from: a, to: b, at: t, background: Self.background)
            let path = Self.directory.appendingPathComponent(Self.fileName(name, t)).path
            if Self.updating {
                try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
                try PNGWriter.write(frame, to: path)
                #expect(try ImageDecoder.decode(contentsOf: path) == frame, "\(path) does not read back as written")
                print("[reference images] wrote \(path)")
                written.append(Self.fileName(name, t))
                continue
            }
            guard FileManager.default.fileExists(atPath: path) else {
                Issue.record("\(name) at t = \(t): no reference image \(path); run Scripts/update-reference-images.sh")
                continue
            }
            let expected = try ImageDecoder.decode(contentsOf: path)
            guard expected.size == frame.size else {
                Issue.record("\(name) at t = \(t): reference is \(expected.size), frame is \(frame.size)")
                continue
            }
            let comparison = FrameComparison(frame, expected, tolerance: Self.channelTolerance)
            guard comparison.differingBeyondTolerance > Self.outlierAllowance else { continue }
            if failures == nil { failures = try TemporaryFailureDirectory(style: name) }
            let written = try failures!.write(actual: frame, expected: expected, name: "\(name)-\(t)")
            print("[reference images] \(name) at t = \(t) differs; actual frame and difference written to \(written)")
            Issue.record("""
                \(name) at t = \(t) differs from \(Self.fileName(name, t)): max channel difference \(comparison.maximum), \
                \(comparison.differing) pixels differ, \(comparison.differingBeyondTolerance) by more than \
                \(Self.channelTolerance) (allowed: \(Self.outlierAllowance)); actual frame: \(written)
                """)
        }
    }

    /// Every file in ReferenceImages belongs to a style and time still tested (the update script
    /// clears the folder before writing, so a renamed style leaves nothing behind).
    @Test func noStaleReferenceImages() throws {
        guard !Self.updating else { return }
        let expected = Set(referenceStyles().flatMap { style in Self.times.map { Self.fileName(style.name, $0) } })
        let present = Set(try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { $0.hasSuffix(".png") })
        #expect(present.subtracting(expected).isEmpty, "not produced by any style: \(present.subtracting(expected).sorted())")
    }

    // MARK: Test images

    /// Opaque and deterministic, with a different look in each quarter so that any direction,
    /// mirror or misplacement shows: warm horizontal bands, a dark diagonal, a light disc.
    static func firstImage() -> Image {
        drawn { x, y in
            let band = y * 4 / size.height
            var colour: (Int, Int, Int) = [(214, 92, 64), (236, 160, 72), (244, 208, 120), (170, 60, 90)][band]
            if abs(x - 3 * y / 2 - 8) < 2 { colour = (40, 24, 32) }
            let (dx, dy) = (x - 26, y - 22)
            if dx * dx + dy * dy < 14 * 14 { colour = (250, 244, 226) }
            return colour
        }
    }

    /// Opaque and deterministic, unlike the first everywhere: a cool 16-pixel checkerboard, a
    /// ring in the lower right and a vertical stripe shading left to right.
    static func secondImage() -> Image {
        drawn { x, y in
            var colour: (Int, Int, Int) = (x / 16 + y / 16) % 2 == 0 ? (40, 96, 160) : (90, 170, 200)
            let (dx, dy) = (x - 70, y - 44)
            let r2 = dx * dx + dy * dy
            if r2 < 15 * 15 && r2 >= 9 * 9 { colour = (236, 240, 120) }
            if (12..<24).contains(x) { colour = (30 + 16 * (x - 12), 200, 90) }
            return colour
        }
    }

    private static func drawn(_ colour: (Int, Int) -> (Int, Int, Int)) -> Image {
        var pixels = [UInt8](repeating: 255, count: size.width * size.height * 4)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let (r, g, b) = colour(x, y)
                let i = (y * size.width + x) * 4
                (pixels[i], pixels[i + 1], pixels[i + 2]) = (UInt8(r), UInt8(g), UInt8(b))
            }
        }
        return Image(width: size.width, height: size.height, pixels: pixels)
    }
}

/// Every style of every registered transition, by name ("page-up-reverse").
func referenceStyles() -> [(name: String, make: () throws -> any Transition)] {
    TransitionRegistry.standard.styles.map { style in (style.name, { try style.make() }) }
}

/// The frame `transition` shows at time fraction `t` of a clip, through its default timing curve.
func referenceFrame(_ transition: any Transition, from a: Image, to b: Image, at t: Double, background: Color) throws -> Image {
    let clip = try TransitionClip(transition: transition, duration: 1, fps: 30)
    return Renderer().render(clip.scene(of: [a, b], at: t, background: background))
}

/// How two frames of the same size differ.
struct FrameComparison {
    /// The largest difference of any channel.
    let maximum: Int
    /// Pixels with any channel different.
    let differing: Int
    /// Pixels with a channel more than the tolerance apart.
    let differingBeyondTolerance: Int

    init(_ actual: Image, _ expected: Image, tolerance: Int) {
        var maximum = 0, differing = 0, beyond = 0
        for pixel in 0..<(actual.width * actual.height) {
            let worst = (0..<4).map { abs(Int(actual.pixels[pixel * 4 + $0]) - Int(expected.pixels[pixel * 4 + $0])) }.max()!
            maximum = max(maximum, worst)
            if worst > 0 { differing += 1 }
            if worst > tolerance { beyond += 1 }
        }
        (self.maximum, self.differing, differingBeyondTolerance) = (maximum, differing, beyond)
    }
}

/// Where a failing comparison leaves its frames for a look: under the temporary directory, kept
/// after the run.
struct TemporaryFailureDirectory {
    let path: String

    init(style: String) throws {
        path = NSTemporaryDirectory() + "fliptrans-reference-\(style)-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `<name>-actual.png` and `<name>-difference.png` (each channel's difference × 16,
    /// on black) and returns the actual frame's path.
    func write(actual: Image, expected: Image, name: String) throws -> String {
        let actualPath = path + "/\(name)-actual.png"
        try PNGWriter.write(actual, to: actualPath)
        var difference = Image(width: actual.width, height: actual.height, filledWith: .black)
        for pixel in 0..<(actual.width * actual.height) {
            for channel in 0..<3 {
                let i = pixel * 4 + channel
                difference.pixels[i] = UInt8(min(255, 16 * abs(Int(actual.pixels[i]) - Int(expected.pixels[i]))))
            }
        }
        try PNGWriter.write(difference, to: path + "/\(name)-difference.png")
        return actualPath
    }
}
