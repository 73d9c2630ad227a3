/// How the pixels of a stretch between exact points are sampled (`PreparedPanel.drawPixels`):
/// one point at a time, or two adjacent points at once. A type for each kind of sampling, so
/// that the loop drawing them is specialised for each, its lookups inlined.
protocol StretchSampling {
    func sample(_ point: TexelPoint) -> PixelLanes
    /// Whether pixels are drawn two at a time, with `sample(_:_:)`: where the lookups pair
    /// well. Elsewhere (one colour, clamped lookups) pairing measured no better or worse.
    static var samplesPairs: Bool { get }
    /// Two adjacent points, the first's lanes in the low half.
    func sample(_ first: TexelPoint, _ second: TexelPoint) -> PixelPairLanes
}

extension StretchSampling {
    static var samplesPairs: Bool { false }
    /// Each point's own lookup: what a pair is by definition, for samplings that do not pair.
    @inline(__always)
    func sample(_ first: TexelPoint, _ second: TexelPoint) -> PixelPairLanes {
        PixelPairLanes(lowHalf: sample(first), highHalf: sample(second))
    }
}

/// Magnified points inside level 0: one bilinear lookup at level-0 coordinates.
extension TextureSampler.InteriorTexels: StretchSampling {
    static var samplesPairs: Bool { true }
    @inline(__always)
    func sample(_ point: TexelPoint) -> PixelLanes { bilinear(interiorX: point.s, interiorY: point.t) }
    @inline(__always)
    func sample(_ first: TexelPoint, _ second: TexelPoint) -> PixelPairLanes {
        bilinear(interiorX: (first.s, second.s), interiorY: (first.t, second.t))
    }
}

/// Points of one tap inside a pair of levels that blend both (`LevelBlend.both`).
struct BlendedLevels: StretchSampling {
    let levels: MipmappedTexture.InteriorLevels
    static var samplesPairs: Bool { true }
    @inline(__always)
    func sample(_ point: TexelPoint) -> PixelLanes { levels.blended(point) }
    @inline(__always)
    func sample(_ first: TexelPoint, _ second: TexelPoint) -> PixelPairLanes { levels.blended(first, second) }
}

/// Points of one tap that take one level alone: the finer of `levels` (the coarser level, as
/// `InteriorLevels.coarserAlone`).
struct LevelAlone: StretchSampling {
    let levels: MipmappedTexture.InteriorLevels
    static var samplesPairs: Bool { true }
    @inline(__always)
    func sample(_ point: TexelPoint) -> PixelLanes { levels.finerBilinear(point) }
    @inline(__always)
    func sample(_ first: TexelPoint, _ second: TexelPoint) -> PixelPairLanes { levels.finerBilinear(first, second) }
}

/// A texture of one colour: every lookup and every mean of lookups is that colour, bit for bit.
struct UniformColour: StretchSampling {
    let colour: PixelLanes
    @inline(__always)
    func sample(_ point: TexelPoint) -> PixelLanes { colour }
}

/// Points whose footprints all take `taps`, inside `levels`.
struct InteriorTaps: StretchSampling {
    let taps: FootprintTaps, levels: MipmappedTexture.InteriorLevels
    static var samplesPairs: Bool { true }
    @inline(__always)
    func sample(_ point: TexelPoint) -> PixelLanes { MipmappedTexture.filtered(interior: point, taps: taps, levels: levels) }
    @inline(__always)
    func sample(_ first: TexelPoint, _ second: TexelPoint) -> PixelPairLanes {
        MipmappedTexture.filtered(interior: first, second, taps: taps, levels: levels)
    }
}

/// Points each filtered over its own footprint, clamped to the texture.
struct OverFootprint: StretchSampling {
    let texture: MipmappedTexture
    @inline(__always)
    func sample(_ point: TexelPoint) -> PixelLanes { texture.filteredOverFootprint(point) }
}

/// Points of one tap, clamped to the texture and its levels.
struct Trilinear: StretchSampling {
    let texture: MipmappedTexture
    @inline(__always)
    func sample(_ point: TexelPoint) -> PixelLanes { texture.trilinear(point) }
}
