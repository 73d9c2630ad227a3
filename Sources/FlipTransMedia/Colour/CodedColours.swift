import CLCMS

/// Colours described by ITU-T H.273 code points instead of an ICC profile, as HEIF's `nclx`
/// box does: the RGB primaries with their white point, and the transfer curve. The matrix and
/// range (YCbCr to RGB) are the decoder's business and already applied.
struct CodedColours: Hashable {
    let primaries: Int
    let transfer: Int

    /// BT.709 primaries (what "unspecified" means for images) and the sRGB curve (likewise).
    var isSRGB: Bool { [1, 2].contains(primaries) && [2, 13].contains(transfer) }

    /// The matching LittleCMS profile, or why there is none.
    func makeProfile() throws(ColourRefusal) -> LCMSProfile {
        guard let chromaticities = Self.chromaticities[primaries] else {
            throw ColourRefusal("HEIF nclx colour primaries \(primaries) are not supported")
        }
        guard let curve = Self.curves[transfer] else {
            let kind = [16, 18].contains(transfer) ? " (HDR)" : ""
            throw ColourRefusal("HEIF nclx transfer characteristics \(transfer)\(kind) are not supported")
        }
        let (red, green, blue, white) = chromaticities
        var whitePoint = cmsCIExyY(x: white.x, y: white.y, Y: 1)
        var triple = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: red.x, y: red.y, Y: 1),
                                     Green: cmsCIExyY(x: green.x, y: green.y, Y: 1),
                                     Blue: cmsCIExyY(x: blue.x, y: blue.y, Y: 1))
        var parameters = curve.parameters
        guard let toneCurve = cmsBuildParametricToneCurve(nil, curve.type, &parameters) else {
            throw ColourRefusal("LittleCMS cannot build its transfer curve")
        }
        defer { cmsFreeToneCurve(toneCurve) }
        var curves: [OpaquePointer?] = [toneCurve, toneCurve, toneCurve]
        guard let handle = cmsCreateRGBProfile(&whitePoint, &triple, &curves) else {
            throw ColourRefusal("LittleCMS cannot build a profile from HEIF nclx primaries \(primaries), transfer \(transfer)")
        }
        return LCMSProfile(owning: handle)
    }

    typealias Chromaticity = (x: Double, y: Double)

    /// H.273 table 2: red, green, blue and white x, y. Code 2 (unspecified) is taken as BT.709.
    private static let chromaticities: [Int: (Chromaticity, Chromaticity, Chromaticity, Chromaticity)] = {
        let d65: Chromaticity = (0.3127, 0.3290)
        let bt709 = ((0.640, 0.330), (0.300, 0.600), (0.150, 0.060), d65)
        let bt601 = ((0.630, 0.340), (0.310, 0.595), (0.155, 0.070), d65)
        let p3 = ((0.680, 0.320), (0.265, 0.690), (0.150, 0.060))
        return [
            1: bt709, 2: bt709,
            4: ((0.67, 0.33), (0.21, 0.71), (0.14, 0.08), (0.310, 0.316)),   // BT.470 System M, illuminant C
            5: ((0.64, 0.33), (0.29, 0.60), (0.15, 0.06), d65),              // BT.470 System B, G (BT.601 625)
            6: bt601, 7: bt601,                                              // BT.601 525, SMPTE 240M
            9: ((0.708, 0.292), (0.170, 0.797), (0.131, 0.046), d65),        // BT.2020, BT.2100
            11: (p3.0, p3.1, p3.2, (0.314, 0.351)),                          // DCI-P3, theatre white
            12: (p3.0, p3.1, p3.2, d65),                                     // Display P3
            22: ((0.630, 0.340), (0.295, 0.605), (0.155, 0.077), d65),       // EBU Tech 3213
        ]
    }()

    /// A LittleCMS parametric curve: type 1 is Y = X^g; type 4 is Y = (aX + b)^g for X ≥ d,
    /// Y = cX below, with parameters [g, a, b, c, d].
    private struct Curve {
        let type: Int32
        let parameters: [Double]
        static func gamma(_ g: Double) -> Curve { Curve(type: 1, parameters: [g, 0, 0, 0, 0]) }
    }

    /// H.273 table 3, inverted to give light from the coded value. The BT.709 family is its
    /// camera curve (OETF) inverted, as colour-managed browsers read it for images; code 2
    /// (unspecified) is taken as sRGB.
    private static let curves: [Int: Curve] = {
        let sRGB = Curve(type: 4, parameters: [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045])
        let bt709 = Curve(type: 4, parameters: [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081])
        let smpte240 = Curve(type: 4, parameters: [1 / 0.45, 1 / 1.1115, 0.1115 / 1.1115, 1 / 4.0, 0.0913])
        return [
            1: bt709, 6: bt709, 14: bt709, 15: bt709,
            2: sRGB, 13: sRGB,
            4: .gamma(2.2), 5: .gamma(2.8), 8: .gamma(1),
            7: smpte240,
        ]
    }()
}
