import ImageFixtures
import FlipTransCore
import Foundation
import Testing
@testable import FlipTransMedia

/// HEIC made by `heif-enc` and AVIF made by `avifenc`, decoded through `ImageDecoder` (libheif).
struct HEIFDecoderTests {
    /// heif-enc's lossless HEVC 4:4:4. heif-enc 1.15 writes no colour description, so it turns
    /// RGB into BT.601 YCbCr and back: the round trip is lossless but for that rounding, ±1.
    static let heifEncLossless = ["-L", "-p", "chroma=444"]

    func heifEnc(_ input: String, _ output: String, _ options: [String] = heifEncLossless) throws {
        try TestPrograms.run("heif-enc", options + ["-o", output, input])
    }

    func avifEnc(_ input: String, _ output: String, _ options: [String]) throws {
        try TestPrograms.run("avifenc", options + [input, output])
    }

    /// The largest difference of any channel.
    func largestDifference(_ a: Image, _ b: Image) -> Int {
        zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    func png(_ image: Image, _ name: String, in directory: TemporaryDirectory) throws -> String {
        let path = directory.file(name)
        try PNGWriter.write(image, to: path)
        return path
    }

    @Test func decodesAHEICFromHeifEnc() throws {
        let directory = try TemporaryDirectory()
        let source = syntheticFrame(5, size: PixelSize(width: 64, height: 48))
        let heic = directory.file("photo.heic")
        try heifEnc(try png(source, "source.png", in: directory), heic)
        let decoded = try ImageDecoder.decode(contentsOf: heic)
        #expect(decoded.size == source.size)
        #expect(largestDifference(decoded, source) <= 1)
    }

    @Test(arguments: ["photo.png", "photo.jpg", "photo"])
    func recognisedByContentWhateverItsName(name: String) throws {
        let directory = try TemporaryDirectory()
        let source = quadrantImage(width: 32, height: 32)
        let heic = directory.file("photo.heic")
        try heifEnc(try png(source, "source.png", in: directory), heic)
        try FileManager.default.copyItem(atPath: heic, toPath: directory.file(name))
        #expect(try ImageDecoder.decode(contentsOf: directory.file(name)) == (try ImageDecoder.decode(contentsOf: heic)))
    }

    /// Straight alpha, premultiplied as every decoded image is.
    @Test func alphaIsKept() throws {
        let directory = try TemporaryDirectory()
        let source = translucentImage()
        let heic = directory.file("alpha.heic")
        try heifEnc(try png(source, "source.png", in: directory), heic)
        let decoded = try ImageDecoder.decode(contentsOf: heic)
        #expect(decoded.size == source.size)
        #expect(largestDifference(decoded, source) <= 1)
        #expect(decoded.pixel(x: 0, y: 0).a == 0 && decoded.pixel(x: 63, y: 0).a == 255)
    }

    /// A file that says its colours are premultiplied (heif-enc --premultiplied-alpha stores the
    /// PNG's samples as they are, here premultiplied ones) decodes to the same image.
    @Test func premultipliedAlphaIsUndoneOnce() throws {
        let directory = try TemporaryDirectory()
        let source = translucentImage()
        // The PNG writer stores straight colours; these samples are the premultiplied ones.
        let raw = directory.file("premultiplied.rgba")
        try Data(source.pixels).write(to: URL(fileURLWithPath: raw))
        let png = directory.file("premultiplied.png")
        try runFFmpeg(["-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(source.width)x\(source.height)", "-i", raw, png])
        let heic = directory.file("premultiplied.heic")
        try heifEnc(png, heic, Self.heifEncLossless + ["--premultiplied-alpha"])
        let decoded = try ImageDecoder.decode(contentsOf: heic)
        // Straight colours recovered from small alphas are coarse; premultiplied again they are close.
        #expect(largestDifference(decoded, source) <= 2)
    }

    /// `irot`/`imir` written for each EXIF orientation number (by libheif's encoder: Debian 12's
    /// heif-enc writes none), applied by libheif's decode; the picture is lossless RGB, so exact.
    @Test(arguments: 1...8)
    func rotationAndMirroringAreApplied(orientation: Int) throws {
        let directory = try TemporaryDirectory()
        let source = quadrantImage(width: 64, height: 48)
        let heic = directory.file("oriented.heic")
        try HEIFWriter.write(source, orientation: orientation, to: heic)

        let image = try ImageDecoder.decode(contentsOf: heic)
        let (swapped, red, green) = try #require(DisplayOrientationTests.expectations[orientation])
        try #require(image.size == (swapped ? PixelSize(width: 48, height: 64) : PixelSize(width: 64, height: 48)))
        let corners = DisplayOrientationTests()
        let (rx, ry) = corners.point(red, in: image), (gx, gy) = corners.point(green, in: image)
        #expect(image.pixel(x: rx, y: ry) == (255, 0, 0, 255))
        #expect(image.pixel(x: gx, y: gy) == (0, 255, 0, 255))
    }

    /// A 16-bit PNG made into a 10-bit HEIC comes back through the 16-bit path.
    @Test func tenBitHEIC() throws {
        let directory = try TemporaryDirectory()
        let source = syntheticFrame(2, size: PixelSize(width: 64, height: 48))
        let deep = directory.file("deep.png")
        try runFFmpeg(["-i", try png(source, "source.png", in: directory), "-pix_fmt", "rgb48be", deep])
        let heic = directory.file("deep.heic")
        try heifEnc(deep, heic, Self.heifEncLossless + ["-b", "10"])
        let decoded = try ImageDecoder.decode(contentsOf: heic)
        #expect(decoded.size == source.size)
        #expect(largestDifference(decoded, source) <= 1)
    }

    /// heif-enc carries a PNG's iCCP profile into the HEIC's `colr` box.
    @Test func anICCProfileInAHEICIsApplied() throws {
        let directory = try TemporaryDirectory()
        let patches = ColourPatches.standard
        let tagged = directory.file("tagged.png")
        try TaggedFiles.png(try Data(contentsOf: URL(fileURLWithPath: try png(patches.image, "source.png", in: directory))),
                            taggedWith: TestProfile.displayP3.iccBytes).write(to: URL(fileURLWithPath: tagged))
        let heic = directory.file("tagged.heic")
        try heifEnc(tagged, heic)
        let decoded = try ImageDecoder.decode(contentsOf: heic)
        for (index, colour) in patches.colours.enumerated() {
            // ±1 from heif-enc's YCbCr round trip, ±1 from LittleCMS.
            #expect(isNear(patches.colour(index, in: decoded), TestProfile.displayP3.sRGB(of: colour), tolerance: 2), "patch \(index)")
        }
    }

    // MARK: AVIF, decoded by libheif too

    @Test func losslessAVIF() throws {
        let directory = try TemporaryDirectory()
        let source = translucentImage()
        let avif = directory.file("image.avif")
        try avifEnc(try png(source, "source.png", in: directory), avif, ["-l"])
        #expect(try ImageDecoder.decode(contentsOf: avif) == source)
    }

    /// avifenc's `--irot 1` turns the picture a quarter anticlockwise; `--imir 1` mirrors it left
    /// to right; `--crop` keeps a rectangle (`clap`).
    @Test func avifTransformsAreApplied() throws {
        let directory = try TemporaryDirectory()
        let source = quadrantImage(width: 64, height: 48)
        let png = try png(source, "source.png", in: directory)
        let (turned, mirrored, cropped) = (directory.file("turned.avif"), directory.file("mirrored.avif"), directory.file("cropped.avif"))
        try avifEnc(png, turned, ["-l", "--irot", "1"])
        try avifEnc(png, mirrored, ["-l", "--imir", "1"])
        try avifEnc(png, cropped, ["-l", "--crop", "16,12,32,24"])

        let turnedImage = try ImageDecoder.decode(contentsOf: turned)
        try #require(turnedImage.size == PixelSize(width: 48, height: 64))
        // Anticlockwise: the top-right (green) quadrant comes to the top left, top-left (red) to the bottom left.
        #expect(turnedImage.pixel(x: 5, y: 5) == (0, 255, 0, 255))
        #expect(turnedImage.pixel(x: 5, y: 58) == (255, 0, 0, 255))
        let mirroredImage = try ImageDecoder.decode(contentsOf: mirrored)
        #expect(mirroredImage.pixel(x: 5, y: 5) == (0, 255, 0, 255))
        #expect(mirroredImage.pixel(x: 58, y: 42) == (0, 0, 255, 255))
        let croppedImage = try ImageDecoder.decode(contentsOf: cropped)
        try #require(croppedImage.size == PixelSize(width: 32, height: 24))
        #expect(croppedImage.pixel(x: 0, y: 0) == (255, 0, 0, 255) && croppedImage.pixel(x: 31, y: 23) == (255, 255, 255, 255))
    }

    /// nclx primaries 12 (Display P3) with the sRGB curve, as phones write; matrix 0 keeps the
    /// lossless samples exact, so only the colour conversion moves them.
    @Test func nclxDisplayP3IsConvertedToSRGB() throws {
        let directory = try TemporaryDirectory()
        let patches = ColourPatches.standard
        let avif = directory.file("p3.avif")
        try avifEnc(try png(patches.image, "source.png", in: directory), avif, ["-l", "--cicp", "12/13/0"])
        let decoded = try ImageDecoder.decode(contentsOf: avif)
        for (index, colour) in patches.colours.enumerated() {
            #expect(isNear(patches.colour(index, in: decoded), TestProfile.displayP3.sRGB(of: colour), tolerance: 1), "patch \(index)")
        }
    }

    @Test func anICCProfileInAnAVIFIsApplied() throws {
        let directory = try TemporaryDirectory()
        let patches = ColourPatches.standard
        let profile = directory.file("adobe.icc")
        try Data(TestProfile.adobeRGB.iccBytes).write(to: URL(fileURLWithPath: profile))
        let avif = directory.file("adobe.avif")
        try avifEnc(try png(patches.image, "source.png", in: directory), avif, ["-l", "--icc", profile])
        let decoded = try ImageDecoder.decode(contentsOf: avif)
        for (index, colour) in patches.colours.enumerated() {
            #expect(isNear(patches.colour(index, in: decoded), TestProfile.adobeRGB.sRGB(of: colour), tolerance: 1), "patch \(index)")
        }
    }

    @Test func anHDRTransferIsShownUnconvertedWithAWarning() throws {
        let directory = try TemporaryDirectory()
        let source = quadrantImage(width: 16, height: 16)
        let avif = directory.file("pq.avif")
        try avifEnc(try png(source, "source.png", in: directory), avif, ["-l", "--cicp", "9/16/0"])
        var warnings: [String] = []
        #expect(try ImageDecoder.decode(contentsOf: avif, warning: { warnings.append($0) }) == source)
        #expect(warnings == ["warning: \(avif): colour description ignored (HEIF nclx transfer characteristics 16 (HDR) are not supported); colours taken as sRGB"])
    }

    /// libheif refuses an nclx box with a code point H.273 does not define: the pixels are
    /// taken as sRGB, and the warning says which description was ignored and why.
    @Test func anUnknownNCLXCodePointIsIgnoredWithAWarning() throws {
        let directory = try TemporaryDirectory()
        let source = quadrantImage(width: 16, height: 16)
        let valid = directory.file("valid.avif")
        try avifEnc(try png(source, "source.png", in: directory), valid, ["-l", "--cicp", "1/13/0"])
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: valid)))
        // The box's body after "nclx": primaries, transfer, matrix (16 bits each), then the range flag.
        let nclx = try #require((0..<(bytes.count - 8)).first { bytes[$0..<($0 + 4)].elementsEqual("nclx".utf8) })
        #expect(bytes[(nclx + 6)...(nclx + 7)].elementsEqual([0, 13]))
        bytes[nclx + 6] = 0x06
        let avif = directory.file("unknown-transfer.avif")
        try Data(bytes).write(to: URL(fileURLWithPath: avif))
        var warnings: [String] = []
        #expect(try ImageDecoder.decode(contentsOf: avif, warning: { warnings.append($0) }) == source)
        try #require(warnings.count == 1)
        #expect(warnings[0].hasPrefix("warning: \(avif): colour description ignored (HEIF nclx: "), "\(warnings[0])")
        #expect(warnings[0].contains("transfer characteristics"), "\(warnings[0])")
        #expect(warnings[0].hasSuffix("); colours taken as sRGB"), "\(warnings[0])")
    }

    // MARK: Damage and limits

    @Test(arguments: [0.5, 0.1])
    func aTruncatedHEICIsOneLineNamingTheFile(keptFraction: Double) throws {
        let directory = try TemporaryDirectory()
        let heic = directory.file("photo.heic")
        try heifEnc(try png(syntheticFrame(1, size: PixelSize(width: 320, height: 240)), "source.png", in: directory), heic, ["-q", "80"])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: heic))
        let truncated = directory.file("truncated.heic")
        try bytes.prefix(Int(Double(bytes.count) * keptFraction)).write(to: URL(fileURLWithPath: truncated))
        do {
            _ = try ImageDecoder.decode(contentsOf: truncated)
            Issue.record("a truncated HEIC decoded")
        } catch let error as MediaError {
            #expect(error.path == truncated)
            #expect(error.reason.hasPrefix("truncated or corrupt HEIF image ("), "\(error.reason)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func aHEICOverThePixelLimitIsRefused() throws {
        let directory = try TemporaryDirectory()
        let heic = directory.file("photo.heic")
        try heifEnc(try png(quadrantImage(width: 64, height: 48), "source.png", in: directory), heic)
        #expect(throws: MediaError(.inputTooLarge, path: heic, reason: "image is 64x48 = 3072 pixels, over the limit of 3000 pixels (raise it with --max-pixels)")) {
            try ImageDecoder.decode(contentsOf: heic, pixelLimit: PixelLimit(maxPixels: 3000))
        }
        #expect(try ImageDecoder.decode(contentsOf: heic, pixelLimit: PixelLimit(maxPixels: 3072)).size == PixelSize(width: 64, height: 48))
    }

    /// `heic` with every `ispe` box (type, version and flags, then width and height, 32 bits
    /// each) declaring `width` × `height`.
    func declaring(_ width: UInt32, _ height: UInt32, _ heic: String, in directory: TemporaryDirectory) throws -> String {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: heic)))
        let type = Array("ispe".utf8), size = [width, height].flatMap { value in (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        var patched = 0
        for i in 0..<(bytes.count - 16) where Array(bytes[i..<i + 4]) == type {
            bytes.replaceSubrange(i + 8..<i + 16, with: size)
            patched += 1
        }
        #expect(patched >= 1)
        let lying = directory.file("lying-\(width)x\(height).heic")
        try Data(bytes).write(to: URL(fileURLWithPath: lying))
        return lying
    }

    /// A header that declares a picture of ten billion pixels is refused from the header, before
    /// libheif decodes (and allocates) anything.
    @Test func aLyingHEICHeaderIsRefusedBeforeDecoding() throws {
        let directory = try TemporaryDirectory()
        let heic = directory.file("photo.heic")
        try heifEnc(try png(quadrantImage(width: 64, height: 48), "source.png", in: directory), heic)
        let lying = try declaring(100_000, 100_000, heic, in: directory)
        #expect(throws: MediaError(.inputTooLarge, path: lying, reason: "image is 100000x100000 = 10000000000 pixels, over the limit of 100000000 pixels (raise it with --max-pixels)")) {
            try ImageDecoder.decode(contentsOf: lying)
        }
        // A side longer than the whole allowance is refused by libheif's own limit as it reads.
        let absurd = try declaring(48, 0xFFFF_FFFF, heic, in: directory)
        do {
            _ = try ImageDecoder.decode(contentsOf: absurd)
            Issue.record("a picture 4294967295 pixels tall decoded")
        } catch let error as MediaError {
            #expect(error.reason.hasPrefix("HEIF image over libheif's safety limits ("), "\(error.reason)")
        }
    }

    /// A header that gives another size than the picture's, or none, is damage: the frame is
    /// sized from the header, and the picture would be squeezed into it.
    @Test func aHeaderThatDisagreesWithThePictureIsDamage() throws {
        let directory = try TemporaryDirectory()
        let heic = directory.file("photo.heic")
        try heifEnc(try png(quadrantImage(width: 64, height: 48), "source.png", in: directory), heic)
        let small = try declaring(8, 8, heic, in: directory)
        #expect(throws: MediaError(.inputDamaged, path: small, reason: "damaged image data (its header gives 8x8, its picture is 64x48); --allow-damaged uses the part that decodes")) {
            try ImageDecoder.decode(contentsOf: small)
        }
        // Accepted as damaged, the picture is used, with a warning.
        var warnings: [String] = []
        let used = try ImageDecoder.decode(contentsOf: small, damagedImages: .accept, warning: { warnings.append($0) })
        #expect(used.size == PixelSize(width: 64, height: 48))
        #expect(warnings == ["warning: \(small): damaged image data (its header gives 8x8, its picture is 64x48); using what could be decoded"])
        let none = try declaring(0, 0, heic, in: directory)
        #expect(throws: MediaError(.inputDamaged, path: none, reason: "damaged image data (its header gives it no size)")) {
            try ImageProbe.shownSize(of: none)
        }
    }

    // MARK: Detection

    @Test func fileTypeBrandsAreReadFromTheFtypBox() {
        func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
            let body = Array("ftyp\(major)".utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) }
            return [0, 0, 0, UInt8(body.count + 4)] + body + Array("meta".utf8)
        }
        #expect(HEIFDetection.fileTypeBrands(in: ftyp("heic", ["mif1", "heic"])) == ["heic", "mif1"])
        #expect(HEIFDetection.fileTypeBrands(in: ftyp("isom", ["isom", "avc1"])) == ["isom", "avc1"])
        #expect(HEIFDetection.fileTypeBrands(in: Array("not a box at all, just text".utf8)).isEmpty)
        // A box claiming to run past what was read is not trusted.
        var cut = ftyp("avif", ["mif1"])
        cut[3] = 200
        #expect(HEIFDetection.fileTypeBrands(in: cut).isEmpty)
    }

    /// MP4 shares HEIF's box structure but not its brands: it stays with FFmpeg, which says it
    /// is a video, not an image.
    @Test func anMP4IsStillFFmpegs() throws {
        let directory = try TemporaryDirectory()
        let mp4 = directory.file("clip.mp4")
        try runFFmpeg(["-f", "lavfi", "-i", "testsrc=size=64x48", "-frames:v", "2", "-pix_fmt", "yuv420p", mp4])
        #expect(!HEIFDetection.isHEIF(mp4))
        let error = #expect(throws: MediaError.self) { try ImageDecoder.decode(contentsOf: mp4) }
        #expect(error?.reason.hasPrefix("not an image: FFmpeg reads it as QuickTime / MOV (video or sound)") == true, "\(String(describing: error))")
    }

    /// Alpha rising left to right, colours varying across: every kind of translucent pixel.
    func translucentImage() -> Image {
        let size = PixelSize(width: 64, height: 32)
        var image = syntheticFrame(4, size: size)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let i = (y * size.width + x) * 4, alpha = x * 255 / (size.width - 1)
                image.pixels[i + 3] = UInt8(alpha)
                for c in i..<i + 3 { image.pixels[c] = UInt8((Int(image.pixels[c]) * alpha + 127) / 255) }
            }
        }
        return image
    }
}
