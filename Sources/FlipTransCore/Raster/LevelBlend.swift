/// How a lookup at a level of detail takes its two mipmap levels, ⌊λ⌋ and ⌊λ⌋ + 1: the coarser
/// level's weight rises from 0 to 1 across the middle of the octave only, with λ's fraction f
/// from 1/8 to 7/8 (8 bits). Outside it the lookup is one bilinear lookup in one level instead of
/// two blended: most of a card turning near its own size has a footprint within an eighth of an
/// octave of a texel, and this saves a sixth of a flip's instructions. Plain trilinear blending
/// (weight f) loses detail there that the exact mean keeps; against the exact reference, photo-like
/// textures and the filtering cases lose nothing (`FilteringQualityTests`), and a 1-pixel checker
/// shrunk flat by 0.75–0.95 about 2 dB on average (docs/rendering.md). The weight is continuous, so
/// nothing pops as a panel shrinks through the levels.
enum LevelBlend {
    /// The finer level alone (and a magnified point's level 0).
    case finer
    /// Both, the coarser weighted by `weight(_:)` (0…254).
    case both
    /// The coarser level alone.
    case coarser

    /// λ's fractions (16.16) where both levels are blended.
    private static var blendedFractions: Range<Int> { 0x2000..<0xE000 }

    /// The blend at level of detail `detail` (16.16; at least 0).
    @inline(__always)
    init(detail: Int) {
        let fraction = detail & 0xFFFF
        self = fraction < LevelBlend.blendedFractions.lowerBound ? .finer
             : fraction < LevelBlend.blendedFractions.upperBound ? .both : .coarser
    }

    /// The coarser level's weight (0…256) at level of detail `detail` (16.16; at least 0):
    /// (f − 32)·4/3 of λ's fraction's 8 bits f, clamped, so 0 for `finer` (f < 32), 256 for
    /// `coarser` (f ≥ 224), and 0 to 254 between.
    @inline(__always)
    static func coarserWeight(_ detail: Int) -> UInt16 {
        // Clamped with masks (x & ~(x >> 63) is max(x, 0)) rather than min and max, whose
        // branches the compiler counts against inlining the lookups that call this.
        let weight = unclampedWeight(detail), atLeastZero = weight & ~(weight &>> 63), over = atLeastZero &- 256
        return UInt16(truncatingIfNeeded: atLeastZero &- (over & ~(over &>> 63)))
    }

    /// The coarser level's weight where both are blended (0…254): no clamping needed there.
    @inline(__always)
    static func weight(_ detail: Int) -> UInt16 {
        UInt16(truncatingIfNeeded: unclampedWeight(detail))
    }

    @inline(__always)
    private static func unclampedWeight(_ detail: Int) -> Int {
        ((((detail &>> 8) & 0xFF) &- 32) &* 683) &>> 9
    }

    /// The level of `detail` (−1 where magnified), its blend, and the levels of detail (16.16)
    /// that share both: a stretch whose level of detail is stepped is drawn in parts, one per band.
    @inline(__always)
    static func band(around detail: Int) -> (level: Int, blend: LevelBlend, details: Range<Int>) {
        guard detail >= 0 else { return (-1, .finer, Int.min..<0) }
        let level = detail &>> 16, start = level &<< 16
        switch LevelBlend(detail: detail) {
        case .finer: return (level, .finer, start..<(start &+ blendedFractions.lowerBound))
        case .both: return (level, .both, (start &+ blendedFractions.lowerBound)..<(start &+ blendedFractions.upperBound))
        case .coarser: return (level, .coarser, (start &+ blendedFractions.upperBound)..<(start &+ TexelPoint.one))
        }
    }
}
