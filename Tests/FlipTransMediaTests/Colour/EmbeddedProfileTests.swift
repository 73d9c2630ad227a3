import ImageFixtures
import FlipTransCore
import Foundation
import Testing
@testable import FlipTransMedia

/// Every embedded ICC profile is applied, converting to sRGB, before anything else sees the
/// pixels; expected colours are LittleCMS's, computed here by its exact (unoptimised, double
/// precision) path from the samples the file stores.
struct EmbeddedProfileTests {
    /// The same picture in `format`, untagged and tagged with `profile`.
    func files(_ format: String, _ patches: ColourPatches, _ profile: [UInt8], in directory: TemporaryDirectory) throws -> (String, String) {
        let png = directory.file("source.png")
        try PNGWriter.write(patches.image, to: png)
        let (untagged, tagged) = (directory.file("untagged.\(format)"), directory.file("tagged.\(format)"))
        switch format {
        case "png":
            try FileManager.default.copyItem(atPath: png, toPath: untagged)
        case "jpg":
            try runFFmpeg(["-i", png, "-q:v", "2", untagged])
        case "webp":
            try runFFmpeg(["-i", png, "-lossless", "1", untagged])
        case "gif":
            // A palette of exactly the patches' colours, undithered.
            try runFFmpeg(["-i", png, "-vf", "split[a][b];[a]palettegen=reserve_transparent=0[p];[b][p]paletteuse=dither=none", untagged])
        case "tiff":
            try TaggedFiles.tiff(rgb: patches.rgb, width: patches.size.width, height: patches.size.height, taggedWith: nil)
                .write(to: URL(fileURLWithPath: untagged))
        case "bmp":
            try TaggedFiles.bmp(rgb: patches.rgb, width: patches.size.width, height: patches.size.height, taggedWith: nil)
                .write(to: URL(fileURLWithPath: untagged))
        case "psd":
            try TaggedFiles.psd(rgb: patches.rgb, width: patches.size.width, height: patches.size.height, taggedWith: nil)
                .write(to: URL(fileURLWithPath: untagged))
        default: Issue.record("no such format \(format)")
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: untagged))
        let taggedBytes = switch format {
        case "png": TaggedFiles.png(bytes, taggedWith: profile)
        case "jpg": TaggedFiles.jpeg(bytes, taggedWith: profile)
        case "webp": TaggedFiles.webp(bytes, width: patches.size.width, height: patches.size.height, taggedWith: profile)
        case "gif": TaggedFiles.gif(bytes, taggedWith: profile)
        case "bmp": TaggedFiles.bmp(rgb: patches.rgb, width: patches.size.width, height: patches.size.height, taggedWith: profile)
        case "psd": TaggedFiles.psd(rgb: patches.rgb, width: patches.size.width, height: patches.size.height, taggedWith: profile)
        default: TaggedFiles.tiff(rgb: patches.rgb, width: patches.size.width, height: patches.size.height, taggedWith: profile)
        }
        try taggedBytes.write(to: URL(fileURLWithPath: tagged))
        return (untagged, tagged)
    }

    /// PNG, JPEG, WebP and TIFF profiles come from FFmpeg; BMP's, GIF's and PSD's from the file.
    @Test(arguments: ["png", "jpg", "webp", "tiff", "bmp", "gif", "psd"], [TestProfile.displayP3, .adobeRGB, .redGreenSwapped, .sRGB])
    func embeddedProfilesAreConvertedToSRGB(format: String, profile: TestProfile) throws {
        let directory = try TemporaryDirectory()
        let patches = ColourPatches.standard
        let (untagged, tagged) = try files(format, patches, profile.iccBytes, in: directory)
        // The untagged file gives the samples as stored (a JPEG's after its lossy round trip).
        let stored = try ImageDecoder.decode(contentsOf: untagged)
        var warnings: [String] = []
        let converted = try ImageDecoder.decode(contentsOf: tagged, warning: { warnings.append($0) })
        #expect(warnings.isEmpty)
        #expect(converted.size == patches.size)
        for index in patches.colours.indices {
            let expected = profile.sRGB(of: patches.colour(index, in: stored))
            let actual = patches.colour(index, in: converted)
            #expect(isNear(actual, expected, tolerance: 1), "patch \(index): \(actual), LittleCMS says \(expected)")
        }
    }

    /// An animated WebP's first frame comes from libwebp, not FFmpeg, and its ICCP chunk is
    /// applied all the same (Display P3 green included).
    @Test(arguments: [TestProfile.displayP3, .adobeRGB, .redGreenSwapped, .sRGB])
    func animatedWebPProfilesAreConvertedToSRGB(profile: TestProfile) throws {
        let directory = try TemporaryDirectory()
        let patches = ColourPatches.standard
        let png = directory.file("source.png")
        try PNGWriter.write(patches.image, to: png)
        let untagged = directory.file("untagged.webp")
        // The patches, then black: two different frames, or libwebp writes a still WebP.
        let (width, height) = (patches.size.width, patches.size.height)
        try runFFmpeg(["-loop", "1", "-t", "0.5", "-r", "2", "-i", png, "-f", "lavfi", "-t", "0.5", "-i", "color=black:size=\(width)x\(height):rate=2",
                       "-filter_complex", "[0:v]format=rgb24[a];[1:v]format=rgb24[b];[a][b]concat=n=2:v=1",
                       "-c:v", "libwebp_anim", "-lossless", "1", untagged])
        let tagged = directory.file("tagged.webp")
        try TaggedFiles.extendedWebP(try Data(contentsOf: URL(fileURLWithPath: untagged)), taggedWith: profile.iccBytes)
            .write(to: URL(fileURLWithPath: tagged))
        #expect(try ImageFileScan(path: tagged).isAnimatedWebP)

        let stored = try ImageDecoder.decode(contentsOf: untagged)
        #expect(stored == patches.image)
        var warnings: [String] = []
        let converted = try ImageDecoder.decode(contentsOf: tagged, warning: { warnings.append($0) })
        #expect(warnings.isEmpty)
        for index in patches.colours.indices {
            let expected = profile.sRGB(of: patches.colour(index, in: stored))
            let actual = patches.colour(index, in: converted)
            #expect(isNear(actual, expected, tolerance: 1), "patch \(index): \(actual), LittleCMS says \(expected)")
        }
    }

    /// A case worked by hand: Display P3 green (60, 180, 90) is (0, 183, 78) in sRGB — P3 → XYZ → sRGB
    /// with D65 on both sides, worked out by hand — where an unmanaged decoder leaves it as it is.
    @Test func displayP3GreenLooksAsInAColourManagedBrowser() throws {
        let directory = try TemporaryDirectory()
        let (_, tagged) = try files("tiff", ColourPatches.standard, TestProfile.displayP3.iccBytes, in: directory)
        #expect(isNear(ColourPatches.standard.colour(0, in: try ImageDecoder.decode(contentsOf: tagged)), [0, 183, 78], tolerance: 1))
    }

    /// A profile whose red primary is sRGB's green and whose green is sRGB's red.
    @Test func redAndGreenSwappedByTheProfileAreSwappedBack() throws {
        let directory = try TemporaryDirectory()
        let patches = ColourPatches.standard
        let (_, tagged) = try files("png", patches, TestProfile.redGreenSwapped.iccBytes, in: directory)
        let decoded = try ImageDecoder.decode(contentsOf: tagged)
        for (index, colour) in patches.colours.enumerated() {
            #expect(isNear(patches.colour(index, in: decoded), [colour[1], colour[0], colour[2]], tolerance: 1))
        }
    }

    @Test(arguments: ["png", "jpg", "webp", "tiff", "bmp", "gif"])
    func untaggedImagesAreUnchanged(format: String) throws {
        let directory = try TemporaryDirectory()
        let patches = ColourPatches.standard
        let (untagged, _) = try files(format, patches, TestProfile.displayP3.iccBytes, in: directory)
        let decoded = try ImageDecoder.decode(contentsOf: untagged)
        if format == "jpg" {
            #expect(psnr(decoded, patches.image) > 35)
        } else {
            #expect(decoded == patches.image)
        }
    }

    /// Deep samples go through the profile at 16 bits. With linear light, the shadows show it:
    /// rounding to 8 bits first would be off by several levels there.
    @Test func sixteenBitSamplesKeepTheirPrecisionThroughTheProfile() throws {
        let directory = try TemporaryDirectory()
        let samples: [UInt16] = [100, 200, 300, 450, 700, 1000, 1500, 2500, 4000, 9000, 20000, 40000, 65535]
        let raw = directory.file("samples.rgb48")
        // Each sample as a grey pixel: R = G = B.
        try Data(samples.flatMap { sample in (0..<3).flatMap { _ in [UInt8(sample >> 8), UInt8(sample & 0xFF)] } })
            .write(to: URL(fileURLWithPath: raw))
        let png = directory.file("deep.png")
        try runFFmpeg(["-f", "rawvideo", "-pix_fmt", "rgb48be", "-s", "\(samples.count)x1", "-i", raw, "-pix_fmt", "rgb48be", png])
        let tagged = directory.file("tagged.png")
        try TaggedFiles.png(try Data(contentsOf: URL(fileURLWithPath: png)), taggedWith: TestProfile.linearSRGB.iccBytes)
            .write(to: URL(fileURLWithPath: tagged))

        let decoded = try ImageDecoder.decode(contentsOf: tagged)
        var largestEightBitError = 0
        for (x, sample) in samples.enumerated() {
            let exact = TestProfile.linearSRGB.sRGB(of: [Double](repeating: Double(sample) / 65535, count: 3))
            let p = decoded.pixel(x: x, y: 0)
            #expect(isNear([p.r, p.g, p.b], exact, tolerance: 1), "sample \(sample): \([p.r, p.g, p.b]), LittleCMS says \(exact)")
            let viaEightBits = TestProfile.linearSRGB.sRGB(of: [UInt8](repeating: UInt8((Int(sample) * 255 + 32767) / 65535), count: 3))
            largestEightBitError = max(largestEightBitError, abs(Int(viaEightBits[0]) - Int(exact[0])))
        }
        // Otherwise this test could not tell 16-bit from 8-bit processing.
        #expect(largestEightBitError >= 3)
    }

    /// LittleCMS converts straight colours and copies alpha; premultiplication comes after.
    @Test func alphaIsKeptAndColoursConvertedBeforePremultiplying() throws {
        let directory = try TemporaryDirectory()
        let pixels: [[UInt8]] = [[60, 180, 90, 255], [60, 180, 90, 128], [200, 30, 40, 64], [30, 60, 220, 0]]
        let raw = directory.file("pixels.rgba")
        try Data(pixels.flatMap { $0 }).write(to: URL(fileURLWithPath: raw))
        let png = directory.file("alpha.png")
        try runFFmpeg(["-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(pixels.count)x1", "-i", raw, "-pix_fmt", "rgba", png])
        let tagged = directory.file("tagged.png")
        try TaggedFiles.png(try Data(contentsOf: URL(fileURLWithPath: png)), taggedWith: TestProfile.displayP3.iccBytes)
            .write(to: URL(fileURLWithPath: tagged))

        let decoded = try ImageDecoder.decode(contentsOf: tagged)
        for (x, straight) in pixels.enumerated() {
            let alpha = Int(straight[3])
            let expected = TestProfile.displayP3.sRGB(of: Array(straight.prefix(3))).map { UInt8((Int($0) * alpha + 127) / 255) }
            let p = decoded.pixel(x: x, y: 0)
            #expect(p.a == straight[3])
            #expect(isNear([p.r, p.g, p.b], expected, tolerance: 1), "pixel \(x): \([p.r, p.g, p.b]), expected \(expected)")
        }
    }

    /// A grey image with a grey profile goes through LittleCMS as grey.
    @Test(arguments: [8, 16])
    func greyProfilesApplyToGreyImages(bits: Int) throws {
        let directory = try TemporaryDirectory()
        let levels: [UInt8] = [0, 10, 20, 64, 128, 200, 235, 255]
        let raw = directory.file("levels.raw")
        try Data(bits == 8 ? levels : levels.flatMap { [$0, $0] }).write(to: URL(fileURLWithPath: raw))
        let format = bits == 8 ? "gray" : "gray16be"
        let png = directory.file("grey.png")
        try runFFmpeg(["-f", "rawvideo", "-pix_fmt", format, "-s", "\(levels.count)x1", "-i", raw, "-pix_fmt", format, png])
        let tagged = directory.file("tagged.png")
        try TaggedFiles.png(try Data(contentsOf: URL(fileURLWithPath: png)), taggedWith: TestProfile.linearGrey.iccBytes)
            .write(to: URL(fileURLWithPath: tagged))

        let decoded = try ImageDecoder.decode(contentsOf: tagged)
        for (x, level) in levels.enumerated() {
            let p = decoded.pixel(x: x, y: 0)
            #expect(isNear([p.r, p.g, p.b], TestProfile.linearGrey.sRGB(of: [level]), tolerance: 1), "level \(level)")
        }
        // Linear light shown as sRGB is far lighter in the middle: 128 becomes about 188.
        #expect(decoded.pixel(x: 4, y: 0).r > 180)
    }

    /// A broken profile does not stop the show: the image is taken as sRGB, as browsers do, and
    /// one line says so.
    @Test(arguments: ["png", "jpg"])
    func aBrokenProfileIsIgnoredWithAWarning(format: String) throws {
        let directory = try TemporaryDirectory()
        let garbage = [UInt8]((0..<600).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        let (untagged, tagged) = try files(format, ColourPatches.standard, garbage, in: directory)
        var warnings: [String] = []
        let decoded = try ImageDecoder.decode(contentsOf: tagged, warning: { warnings.append($0) })
        #expect(warnings == ["warning: \(tagged): colour profile ignored (not a valid ICC profile); colours taken as sRGB"])
        #expect(decoded == (try ImageDecoder.decode(contentsOf: untagged)))
    }

    @Test func aProfileForOtherThanRGBOrGreyIsIgnoredWithAWarning() throws {
        let directory = try TemporaryDirectory()
        let (untagged, tagged) = try files("png", ColourPatches.standard, TestProfile.lab.iccBytes, in: directory)
        var warnings: [String] = []
        let decoded = try ImageDecoder.decode(contentsOf: tagged, warning: { warnings.append($0) })
        #expect(warnings == ["warning: \(tagged): colour profile ignored (a Lab profile; only RGB and grey profiles are applied); colours taken as sRGB"])
        #expect(decoded == (try ImageDecoder.decode(contentsOf: untagged)))
    }

    @Test func aGreyProfileOnAColourImageIsIgnoredWithAWarning() throws {
        let directory = try TemporaryDirectory()
        let (_, tagged) = try files("png", ColourPatches.standard, TestProfile.linearGrey.iccBytes, in: directory)
        var warnings: [String] = []
        _ = try ImageDecoder.decode(contentsOf: tagged, warning: { warnings.append($0) })
        #expect(warnings == ["warning: \(tagged): colour profile ignored (a grey profile for colour pixels); colours taken as sRGB"])
    }
}
