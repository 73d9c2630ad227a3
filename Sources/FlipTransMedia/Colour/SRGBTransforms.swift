import CLCMS

/// Transforms to sRGB kept by profile (its bytes hashed, and compared in full on a hit), so a
/// slideshow of photos from one camera builds its transform once: building one costs far more
/// than applying it to a small picture (see the README's numbers). Refusals are kept too, so a
/// broken profile is read once. Safe to use from several threads.
final class SRGBTransforms: @unchecked Sendable {
    static let shared = SRGBTransforms()

    /// Enough for photos from a handful of cameras and screens; the least recently used goes first.
    static let capacity = 16

    private struct Key: Hashable {
        let profile: ColourProfile
        let deep: Bool
        let greyPixels: Bool
    }

    private struct Entry {
        let transform: Result<SRGBTransform, ColourRefusal>
        var lastUse: Int
    }

    private let entries = LockedValue<(table: [Key: Entry], uses: Int, builds: Int)>(([:], 0, 0))

    /// How many transforms (or refusals) were made rather than found.
    var builds: Int { entries.withLock { $0.builds } }

    /// The transform for pixels described by `profile` (not `.sRGB`), deep (16-bit) or not, grey
    /// or colour, or why there is none. Its layout is the one the pixels must be delivered in.
    func transform(for profile: ColourProfile, deep: Bool, greyPixels: Bool) -> Result<SRGBTransform, ColourRefusal> {
        let key = Key(profile: profile, deep: deep, greyPixels: greyPixels)
        if let cached = entries.withLock({ state -> Result<SRGBTransform, ColourRefusal>? in
            state.uses += 1
            state.table[key]?.lastUse = state.uses
            return state.table[key]?.transform
        }) {
            return cached
        }
        // Built outside the lock: another thread may build the same one meanwhile, which is harmless.
        let made = Result { () throws(ColourRefusal) in try Self.make(key) }
        entries.withLock { state in
            if state.table.count >= Self.capacity, let oldest = state.table.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
                state.table[oldest] = nil
            }
            state.table[key] = Entry(transform: made, lastUse: state.uses)
            state.builds += 1
        }
        return made
    }

    private static func make(_ key: Key) throws(ColourRefusal) -> SRGBTransform {
        let profile: LCMSProfile
        switch key.profile {
        case .sRGB: preconditionFailure("sRGB pixels need no transform")
        case .icc(let bytes):
            guard let opened = LCMSProfile(iccBytes: bytes) else { throw ColourRefusal("not a valid ICC profile") }
            profile = opened
        case .coded(let colours):
            profile = try colours.makeProfile()
        case .unreadable(let reason):
            throw ColourRefusal(reason)
        }
        switch profile.colourSpace {
        case cmsSigRgbData:
            return try SRGBTransform(from: profile, layout: .rgba(deep: key.deep))
        case cmsSigGrayData:
            guard key.greyPixels else { throw ColourRefusal("a grey profile for colour pixels") }
            return try SRGBTransform(from: profile, layout: key.deep ? .greyAlpha16 : .greyAlpha8)
        case let other:
            throw ColourRefusal("a \(Self.name(of: other)) profile; only RGB and grey profiles are applied")
        }
    }

    /// "CMYK", "Lab": the signature's four characters, trailing spaces dropped.
    private static func name(of space: cmsColorSpaceSignature) -> String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: space.rawValue >> (24 - 8 * $0)) }
        let text = String(decoding: bytes.filter { (0x21...0x7E).contains($0) }, as: UTF8.self)
        return text.isEmpty ? "non-RGB" : text
    }
}
