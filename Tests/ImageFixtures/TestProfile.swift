import CLCMS

/// Colour profiles for tests, built with LittleCMS (`cmsCreateRGBProfile`, `cmsSaveProfileToMem`),
/// and the sRGB colours LittleCMS computes for them by its slow exact path: double precision,
/// no optimisation — independent of the optimised 8- and 16-bit transforms fliptrans uses.
public enum TestProfile: String, CaseIterable, Sendable {
    /// Apple's screens and photos: DCI-P3 primaries, D65, the sRGB curve.
    case displayP3
    /// Adobe RGB (1998): a wider green, D65, gamma 563/256.
    case adobeRGB
    /// sRGB with its red and green primaries exchanged: red and green samples must swap back.
    case redGreenSwapped
    /// sRGB primaries with linear light (gamma 1): where 16 bits matter, in the shadows.
    case linearSRGB
    /// LittleCMS's own sRGB: converting from it must change nothing.
    case sRGB
    /// A grey profile with linear light, for grey images.
    case linearGrey
    /// LittleCMS's Lab identity profile: neither RGB nor grey (like a CMYK one), so not applied.
    case lab

    public var iccBytes: [UInt8] {
        let profile = makeProfile()
        defer { cmsCloseProfile(profile) }
        var size: cmsUInt32Number = 0
        cmsSaveProfileToMem(profile, nil, &size)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        cmsSaveProfileToMem(profile, &bytes, &size)
        return bytes
    }

    public var isGrey: Bool { self == .linearGrey }

    /// The 8-bit sRGB colour of `samples` (each 0…1: R, G, B, or one grey value) in this profile,
    /// relative colorimetric, as LittleCMS computes it in double precision.
    public func sRGB(of samples: [Double]) -> [UInt8] {
        let source = makeProfile(), destination = cmsCreate_sRGBProfile()
        defer { cmsCloseProfile(source); cmsCloseProfile(destination) }
        let transform = cmsCreateTransform(source, isGrey ? clcms_type_gray_dbl() : clcms_type_rgb_dbl(), destination, clcms_type_rgb_dbl(),
                                           cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), cmsUInt32Number(cmsFLAGS_NOOPTIMIZE))
        defer { cmsDeleteTransform(transform) }
        var input = samples, output = [Double](repeating: 0, count: 3)
        cmsDoTransform(transform, &input, &output, 1)
        return output.map { UInt8((min(max($0, 0), 1) * 255).rounded()) }
    }

    /// 8-bit samples in, 8-bit sRGB out.
    public func sRGB(of samples: [UInt8]) -> [UInt8] { sRGB(of: samples.map { Double($0) / 255 }) }

    private func makeProfile() -> cmsHPROFILE {
        let d65 = (x: 0.3127, y: 0.3290)
        let sRGBCurve: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        switch self {
        case .displayP3: return rgbProfile(d65, (0.680, 0.320), (0.265, 0.690), (0.150, 0.060), curveType: 4, sRGBCurve)
        case .adobeRGB: return rgbProfile(d65, (0.64, 0.33), (0.21, 0.71), (0.15, 0.06), curveType: 1, [563.0 / 256])
        case .redGreenSwapped: return rgbProfile(d65, (0.300, 0.600), (0.640, 0.330), (0.150, 0.060), curveType: 4, sRGBCurve)
        case .linearSRGB: return rgbProfile(d65, (0.640, 0.330), (0.300, 0.600), (0.150, 0.060), curveType: 1, [1])
        case .sRGB: return cmsCreate_sRGBProfile()
        case .lab: return cmsCreateLab4Profile(nil)
        case .linearGrey:
            var white = cmsCIExyY(x: d65.x, y: d65.y, Y: 1)
            let curve = cmsBuildGamma(nil, 1)
            defer { cmsFreeToneCurve(curve) }
            return cmsCreateGrayProfile(&white, curve)
        }
    }

    private func rgbProfile(_ white: (x: Double, y: Double), _ red: (Double, Double), _ green: (Double, Double), _ blue: (Double, Double),
                            curveType: Int32, _ parameters: [Double]) -> cmsHPROFILE {
        var whitePoint = cmsCIExyY(x: white.x, y: white.y, Y: 1)
        var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: red.0, y: red.1, Y: 1), Green: cmsCIExyY(x: green.0, y: green.1, Y: 1),
                                        Blue: cmsCIExyY(x: blue.0, y: blue.1, Y: 1))
        var values = parameters + [Double](repeating: 0, count: 10 - parameters.count)
        let curve = cmsBuildParametricToneCurve(nil, curveType, &values)
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        return cmsCreateRGBProfile(&whitePoint, &primaries, &curves)
    }
}
