import ImageFixtures
import Testing
@testable import FlipTransMedia

struct SRGBTransformsTests {
    /// 8-bit RGBA through a transform from `profile`.
    func convert(_ rgb: [[UInt8]], from profile: ColourProfile, transforms: SRGBTransforms = SRGBTransforms()) throws -> [[UInt8]] {
        let transform = try transforms.transform(for: profile, deep: false, greyPixels: false).get()
        var pixels: [UInt8] = rgb.flatMap { $0 + [255] }
        pixels.withUnsafeMutableBytes { transform.convert(UnsafeRawBufferPointer($0), into: $0.baseAddress!) }
        return stride(from: 0, to: pixels.count, by: 4).map { Array(pixels[$0..<$0 + 3]) }
    }

    @Test func aTransformIsBuiltOncePerProfile() throws {
        let transforms = SRGBTransforms()
        let p3 = ColourProfile.icc(TestProfile.displayP3.iccBytes)
        let first = try transforms.transform(for: p3, deep: false, greyPixels: false).get()
        // The same bytes, read from another file, find the same transform.
        #expect(try transforms.transform(for: .icc(TestProfile.displayP3.iccBytes), deep: false, greyPixels: false).get() === first)
        #expect(try transforms.transform(for: .icc(TestProfile.adobeRGB.iccBytes), deep: false, greyPixels: false).get() !== first)
        #expect(transforms.builds == 2)
        #expect(try transforms.transform(for: p3, deep: true, greyPixels: false).get().layout == .rgba16)
    }

    @Test func refusalsAreKeptToo() {
        let transforms = SRGBTransforms()
        let garbage = ColourProfile.icc(Array("not a profile".utf8))
        for _ in 0..<2 {
            #expect(throws: ColourRefusal("not a valid ICC profile")) { try transforms.transform(for: garbage, deep: false, greyPixels: false).get() }
        }
        #expect(transforms.builds == 1)
    }

    @Test func theLeastRecentlyUsedGoesWhenFull() throws {
        let transforms = SRGBTransforms()
        let profiles = [1, 4, 5, 6, 9, 11, 12, 22].flatMap { primaries in [1, 4, 5, 8].map { CodedColours(primaries: primaries, transfer: $0) } }
        #expect(profiles.count > SRGBTransforms.capacity)
        let first = try transforms.transform(for: .coded(profiles[0]), deep: false, greyPixels: false).get()
        let second = try transforms.transform(for: .coded(profiles[1]), deep: false, greyPixels: false).get()
        for profile in profiles.dropFirst(2).prefix(SRGBTransforms.capacity - 2) {
            _ = transforms.transform(for: .coded(profile), deep: false, greyPixels: false)
        }
        // Full now; using the first makes the second the oldest, and the next profile pushes it out.
        #expect(try transforms.transform(for: .coded(profiles[0]), deep: false, greyPixels: false).get() === first)
        _ = transforms.transform(for: .coded(profiles[SRGBTransforms.capacity]), deep: false, greyPixels: false)
        #expect(try transforms.transform(for: .coded(profiles[0]), deep: false, greyPixels: false).get() === first)
        #expect(try transforms.transform(for: .coded(profiles[1]), deep: false, greyPixels: false).get() !== second)
    }

    /// nclx primaries 12 with transfer 13 is Display P3: the same colours as the ICC profile.
    @Test func codedDisplayP3MatchesTheICCProfile() throws {
        let colours = ColourPatches.standard.colours
        let converted = try convert(colours, from: .coded(CodedColours(primaries: 12, transfer: 13)))
        for (colour, result) in zip(colours, converted) {
            #expect(isNear(result, TestProfile.displayP3.sRGB(of: colour), tolerance: 1), "\(colour)")
        }
    }

    /// BT.2020 primaries are wider still: its pure green is far outside sRGB and clips.
    @Test func codedBT2020() throws {
        let green = try convert([[0, 255, 0], [128, 128, 128]], from: .coded(CodedColours(primaries: 9, transfer: 13)))
        #expect(green[0][1] == 255 && green[0][0] == 0 && green[0][2] == 0)
        #expect(isNear(green[1], [128, 128, 128], tolerance: 1))
    }

    /// The BT.709 curve is the camera curve inverted: coded 128 is linear
    /// ((128/255 + 0.099) / 1.099)^(1/0.45) = 0.2617, which sRGB codes as 140 (worked by hand).
    @Test func codedBT709TransferIsTheCameraCurveInverted() throws {
        #expect(isNear(try convert([[128, 128, 128]], from: .coded(CodedColours(primaries: 1, transfer: 1)))[0], [140, 140, 140], tolerance: 1))
    }

    @Test func sRGBAndUnspecifiedNeedNoTransform() {
        #expect(CodedColours(primaries: 1, transfer: 13).isSRGB)
        #expect(CodedColours(primaries: 2, transfer: 2).isSRGB)
        #expect(!CodedColours(primaries: 12, transfer: 13).isSRGB)
        #expect(!CodedColours(primaries: 1, transfer: 1).isSRGB)
    }

    @Test func unsupportedCodePointsAreRefusedInWords() {
        #expect(throws: ColourRefusal("HEIF nclx colour primaries 3 are not supported")) { try CodedColours(primaries: 3, transfer: 13).makeProfile() }
        #expect(throws: ColourRefusal("HEIF nclx transfer characteristics 18 (HDR) are not supported")) {
            try CodedColours(primaries: 9, transfer: 18).makeProfile()
        }
    }
}
