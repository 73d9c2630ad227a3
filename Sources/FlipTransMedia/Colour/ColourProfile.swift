/// What an image file says about the colours of its pixels.
enum ColourProfile: Hashable {
    /// Nothing (an untagged image is sRGB, as browsers take it), or sRGB in so many words.
    case sRGB
    /// An embedded ICC profile: PNG iCCP, JPEG APP2, WebP ICCP, the TIFF tag, HEIF `colr` `prof`.
    case icc([UInt8])
    /// Primaries and transfer given as ITU-T H.273 code points (HEIF `colr` `nclx`).
    case coded(CodedColours)
    /// A description the file has but its reader refused (libheif rejecting a code point of an
    /// nclx box), and why: reported, and the pixels taken as sRGB.
    case unreadable(reason: String)

    /// `.icc`, or `.sRGB` when there are no bytes.
    init(iccBytes: [UInt8]) {
        self = iccBytes.isEmpty ? .sRGB : .icc(iccBytes)
    }
}
