import FlipTransCore
import FlipTransMedia
import Foundation
import Testing

/// Animated inputs give their first frame (an APNG its default image), and a file of a kind FFmpeg
/// cannot decode is refused as not supported, saying what is: through the real command.
struct InputFormatTests {
    /// Writes `name`, the first frame of a transition from A to itself, and returns the picture.
    func firstFrame(of name: String, in workspace: Workspace) throws -> Image {
        let result = try workspace.run("still", name, name, "--at", "0", "-o", "first.png")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        return try ImageDecoder.decode(contentsOf: workspace.path("first.png"))
    }

    func isNear(_ pixel: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ expected: (Int, Int, Int)) -> Bool {
        abs(Int(pixel.r) - expected.0) <= 16 && abs(Int(pixel.g) - expected.1) <= 16 && abs(Int(pixel.b) - expected.2) <= 16
    }

    /// Half a second of red, then half a second of green, as the ffmpeg program writes it.
    @Test(arguments: [("gif", []), ("apng", ["-plays", "0"]), ("webp", ["-c:v", "libwebp_anim", "-loop", "0"])])
    func animationGivesItsFirstFrame(format: String, encoderOptions: [String]) throws {
        let workspace = try Workspace()
        try ExternalTool.ffmpeg(["-f", "lavfi", "-i", "color=red:size=32x24:rate=2:duration=0.5[r];color=lime:size=32x24:rate=2:duration=0.5[g];[r][g]concat=n=2:v=1"]
                                + encoderOptions + ["anim.\(format)"], in: workspace.url)
        let image = try firstFrame(of: "anim.\(format)", in: workspace)
        #expect(image.size == PixelSize(width: 32, height: 24))
        #expect(isNear(image.pixel(x: 16, y: 12), (255, 0, 0)), "\(image.pixel(x: 16, y: 12))")
    }

    /// An APNG may keep a still image for viewers that do not animate, outside the animation (no
    /// fcTL chunk before its IDAT): that default image is what is used, not the first frame.
    @Test func apngGivesItsDefaultImageWhenTheAnimationLeavesItOut() throws {
        let workspace = try Workspace()
        let (width, height) = (32, 24)
        func solid(_ rgb: [UInt8]) -> [UInt8] { PNGBytes.pixels(width: width, height: height) { _, _ in rgb } }
        func frameControl(_ sequence: UInt32) -> [UInt8] {
            PNGBytes.chunk("fcTL", [sequence, UInt32(width), UInt32(height), 0, 0].flatMap(PNGBytes.bigEndian) + [0, 1, 0, 2, 0, 0])
        }
        let apng = PNGBytes.signature
            + PNGBytes.chunk("IHDR", PNGBytes.bigEndian(UInt32(width)) + PNGBytes.bigEndian(UInt32(height)) + [8, 2, 0, 0, 0])
            + PNGBytes.chunk("acTL", PNGBytes.bigEndian(2) + PNGBytes.bigEndian(0))
            + PNGBytes.chunk("IDAT", solid([0, 0, 255]))
            + frameControl(0) + PNGBytes.chunk("fdAT", PNGBytes.bigEndian(1) + solid([255, 0, 0]))
            + frameControl(2) + PNGBytes.chunk("fdAT", PNGBytes.bigEndian(3) + solid([0, 255, 0]))
            + PNGBytes.chunk("IEND", [])
        try workspace.write("poster.png", apng)
        let image = try firstFrame(of: "poster.png", in: workspace)
        #expect(isNear(image.pixel(x: 16, y: 12), (0, 0, 255)), "\(image.pixel(x: 16, y: 12))")
    }

    @Test func animatedWebPKeepsItsOrientation() throws {
        let workspace = try Workspace()
        try workspace.write("source.png", InputOrientationTests.quadrantPNG(width: 64, height: 48))
        // The quadrants, then black: two different frames, or libwebp writes a still WebP.
        try ExternalTool.ffmpeg(["-loop", "1", "-t", "0.5", "-r", "2", "-i", "source.png", "-f", "lavfi", "-t", "0.5", "-i", "color=black:size=64x48:rate=2",
                                 "-filter_complex", "[0:v]format=rgb24[a];[1:v]format=rgb24[b];[a][b]concat=n=2:v=1",
                                 "-c:v", "libwebp_anim", "-lossless", "1", "anim.webp"], in: workspace.url)
        let anim = Array(try Data(contentsOf: URL(fileURLWithPath: workspace.path("anim.webp"))))
        try workspace.write("turned.webp", ExifBytes.animatedWebP(anim, with: ExifBytes.orientation(6, bigEndian: false)))
        let image = try firstFrame(of: "turned.webp", in: workspace)
        #expect(image.size == PixelSize(width: 48, height: 64))
        #expect(InputOrientationTests().corners(of: image) == InputOrientationTests.expected[6]!.corners)
    }

    /// A video, whatever its name, or a song is no image: its first frame or cover art was
    /// taken for one without a word.
    @Test func aVideoOrASongIsNoImage() throws {
        let workspace = try Workspace()
        try ExternalTool.ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=64x48:r=10", "-t", "0.5", "clip.mp4"], in: workspace.url)
        try FileManager.default.copyItem(atPath: workspace.path("clip.mp4"), toPath: workspace.path("photo.jpg"))
        try ExternalTool.ffmpeg(["-f", "lavfi", "-i", "sine=d=0.5", "song.mp3"], in: workspace.url)
        for (name, container) in [("photo.jpg", "QuickTime / MOV"), ("clip.mp4", "QuickTime / MOV"), ("song.mp3", "MP2/3 (MPEG audio layer 2/3)")] {
            let result = try workspace.run(name, "b.png", "-o", "out.mp4")
            #expect(result.status == 1)
            #expect(result.errorLines == ["Error: \(name): not an image: FFmpeg reads it as \(container) (video or sound); \(Self.supported)"])
        }
        // Said before anything else about it: not "raise --max-pixels" for a 4000x3000 video.
        let limited = try workspace.run("clip.mp4", "b.png", "-o", "out.mp4", "--max-pixels", "100")
        #expect(limited.errorLines.first?.hasPrefix("Error: clip.mp4: not an image: FFmpeg reads it as QuickTime / MOV") == true, "\(limited.stderr)")
        #expect(!workspace.files.contains("out.mp4"))
    }

    static let supported = "supported: PNG, APNG, JPEG, WebP (still or animated), GIF, BMP, TIFF or PSD of 8 or 16 bits per channel, HEIC and AVIF"

    /// An uncompressed RGB TIFF of 32-bit floating-point samples (SampleFormat 3), 4×2 pixels.
    static let floatTIFF: [UInt8] = {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
        let (width, height, entryCount) = (4, 2, 10)
        let extra = 8 + 2 + 12 * entryCount + 4      // where the per-sample values go
        let pixels = extra + 12
        func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: [UInt8]) -> [UInt8] { u16(tag) + u16(type) + u32(count) + value }
        let directory = u16(entryCount)
            + entry(256, 3, 1, u16(width) + u16(0)) + entry(257, 3, 1, u16(height) + u16(0))
            + entry(258, 3, 3, u32(extra)) + entry(259, 3, 1, u16(1) + u16(0)) + entry(262, 3, 1, u16(2) + u16(0))
            + entry(273, 4, 1, u32(pixels)) + entry(277, 3, 1, u16(3) + u16(0)) + entry(278, 3, 1, u16(height) + u16(0))
            + entry(279, 4, 1, u32(width * height * 12)) + entry(339, 3, 3, u32(extra + 6)) + u32(0)
        let samples = (0..<width * height * 3).flatMap { _ in u32(Int(Float(0.5).bitPattern)) }
        return Array("II".utf8) + u16(42) + u32(8) + directory + [32, 0, 32, 0, 32, 0] + [3, 0, 3, 0, 3, 0] + samples
    }()

    /// A flattened PSD, `bits` per channel, RGB, uncompressed, 32×16 pixels.
    static func psd(bits: Int) -> [UInt8] {
        let header = Array("8BPS".utf8) + [0, 1] + [UInt8](repeating: 0, count: 6) + [0, 3, 0, 0, 0, 16, 0, 0, 0, 32, 0, UInt8(bits), 0, 3]
        let sections = [UInt8](repeating: 0, count: 12) + [0, 0]  // no colour data, resources or layers; raw data
        return header + sections + [UInt8](repeating: 0x3F, count: 32 * 16 * 3 * bits / 8)
    }

    @Test func aPSDOfEightBitsIsRead() throws {
        let workspace = try Workspace()
        try workspace.write("layered.psd", Self.psd(bits: 8))
        let image = try firstFrame(of: "layered.psd", in: workspace)
        #expect(image.size == PixelSize(width: 32, height: 16))
        #expect(isNear(image.pixel(x: 5, y: 5), (0x3F, 0x3F, 0x3F)))
    }

    @Test(arguments: [
        ("float.tiff", "this TIFF is not supported (FFmpeg: This format is not supported (bpp=96, 3 components))"),
        ("deep.psd", "this PSD is not supported (FFmpeg: channel depth 32 for rgb is not implemented)"),
    ])
    func unsupportedKindsAreRefusedSayingWhatIsSupported(name: String, reason: String) throws {
        let workspace = try Workspace()
        try workspace.write("float.tiff", Self.floatTIFF)
        try workspace.write("deep.psd", Self.psd(bits: 32))
        let before = workspace.files
        let result = try workspace.run("still", name, "b.png", "--at", "0", "-o", "first.png")
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: \(name): \(reason); \(Self.supported)"])
        #expect(workspace.files == before)
    }
}
