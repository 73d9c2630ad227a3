import FlipTransCore
import FlipTransMedia
import Foundation
import ImageFixtures
import Testing

/// HEIC and colour-tagged photos through the real command: `still A B --at 0` is A as decoded.
struct PhotoInputTests {
    func still(_ first: String, in workspace: Workspace) throws -> (CommandResult, Image?) {
        let result = try workspace.run("still", first, "b.png", "--at", "0", "-o", "frame.png")
        let frame = result.status == 0 ? try ImageDecoder.decode(contentsOf: workspace.path("frame.png")) : nil
        return (result, frame)
    }

    func largestDifference(_ a: Image, _ b: Image) -> Int {
        zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    /// heif-enc's lossless HEVC: within ±1 of the PNG it was made from (its YCbCr round trip).
    @Test func aHEICIsAFrameLikeAnyOther() throws {
        let workspace = try Workspace()
        try TestPrograms.run("heif-enc", ["-L", "-p", "chroma=444", "-o", workspace.path("a.heic"), workspace.path("a.png")])
        let (result, frame) = try still("a.heic", in: workspace)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let image = try #require(frame)
        #expect(image.size == PixelSize(width: 160, height: 120))
        #expect(image == (try ImageDecoder.decode(contentsOf: workspace.path("a.heic"))))
        #expect(largestDifference(image, try ImageDecoder.decode(contentsOf: workspace.path("a.png"))) <= 1)
    }

    /// `irot` a quarter turn clockwise (EXIF orientation 6): the frame, the first image's size,
    /// is upright — 120×160 — and holds the picture turned, sample for sample.
    @Test func aRotatedHEICGivesAnUprightFrame() throws {
        let workspace = try Workspace()
        let source = Workspace.pattern(160, 120, tint: 0)
        try HEIFWriter.write(source, orientation: 6, to: workspace.path("turned.heic"))
        let (result, frame) = try still("turned.heic", in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        let image = try #require(frame)
        try #require(image.size == PixelSize(width: 120, height: 160))
        // Turned clockwise: the source's bottom-left corner is now top left; every sample exact.
        let mismatches = (0..<160).flatMap { y in (0..<120).filter { x in image.pixel(x: x, y: y) != source.pixel(x: y, y: 119 - x) } }
        #expect(mismatches.isEmpty)
    }

    @Test func aDisplayP3PNGComesOutInSRGB() throws {
        let workspace = try Workspace()
        let png = try Data(contentsOf: URL(fileURLWithPath: workspace.path("a.png")))
        try TaggedFiles.png(png, taggedWith: TestProfile.displayP3.iccBytes).write(to: URL(fileURLWithPath: workspace.path("p3.png")))
        let (result, frame) = try still("p3.png", in: workspace)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let image = try #require(frame), source = Workspace.pattern(160, 120, tint: 0)
        for (x, y) in [(0, 0), (159, 0), (80, 60), (0, 119), (159, 119)] {
            let stored = source.pixel(x: x, y: y), shown = image.pixel(x: x, y: y)
            let expected = TestProfile.displayP3.sRGB(of: [stored.r, stored.g, stored.b])
            #expect(zip([shown.r, shown.g, shown.b], expected).allSatisfy { abs(Int($0) - Int($1)) <= 1 }, "(\(x), \(y))")
        }
    }

    @Test func aBrokenProfileIsAWarningAndTheImageIsTakenAsSRGB() throws {
        let workspace = try Workspace()
        let png = try Data(contentsOf: URL(fileURLWithPath: workspace.path("a.png")))
        try TaggedFiles.png(png, taggedWith: [UInt8](repeating: 0x5A, count: 300)).write(to: URL(fileURLWithPath: workspace.path("odd.png")))
        let (result, frame) = try still("odd.png", in: workspace)
        #expect(result.status == 0)
        #expect(result.errorLines == ["warning: odd.png: colour profile ignored (not a valid ICC profile); colours taken as sRGB"])
        #expect(frame == (try ImageDecoder.decode(contentsOf: workspace.path("a.png"))))
    }

    /// A looping slideshow decodes its first image again at the end; the warning comes once.
    @Test func aWarningAboutAnImageIsGivenOnce() throws {
        let workspace = try Workspace()
        let png = try Data(contentsOf: URL(fileURLWithPath: workspace.path("a.png")))
        try TaggedFiles.png(png, taggedWith: [UInt8](repeating: 0x5A, count: 300)).write(to: URL(fileURLWithPath: workspace.path("odd.png")))
        let result = try workspace.run("slideshow", "odd.png", "b.png", "odd.png", "--loop", "--hold", "0.1", "--duration", "0.2", "-o", "show.mp4")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.errorLines == ["warning: odd.png: colour profile ignored (not a valid ICC profile); colours taken as sRGB"])
    }

    @Test func aDamagedHEICIsOneLineAndNothingIsWritten() throws {
        let workspace = try Workspace()
        try TestPrograms.run("heif-enc", ["-q", "80", "-o", workspace.path("whole.heic"), workspace.path("a.png")])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: workspace.path("whole.heic")))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: workspace.path("broken.heic")))
        let before = workspace.files
        let (result, _) = try still("broken.heic", in: workspace)
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1)
        #expect(result.errorLines.first?.hasPrefix("Error: broken.heic: truncated or corrupt HEIF image (") == true, "\(result.stderr)")
        #expect(workspace.files == before)
    }
}
