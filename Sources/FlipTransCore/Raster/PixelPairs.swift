/// Drawing the bulk of a stretch of one shade two pixels at a time, for the commonest kinds of
/// lookup: both pixels' colours are looked up into the two halves of one 8-lane register, then
/// shaded, packed and composited together, lane for lane the arithmetic of drawing them one by
/// one (`PixelMath.scale(two:by:)`, `PixelMath.over(two:_:)`). Only what the lookups need is
/// stepped along a part, the whole point once at its end.
extension PreparedPanel {
    /// Draws pixels `offsets` of a stretch of `count` from `pixels` on, stepping `point` along,
    /// each looked up by `sampler` and shaded by `factors`.
    @inline(__always)
    static func drawInPairs<Sampler: PairSampler>(_ offsets: Range<Int>, of count: Int, stepping point: inout SteppedPoint, sampler: Sampler,
                                                  shadedBy factors: PixelLanes, into pixels: UnsafeMutablePointer<UInt32>) {
        let factorPair = SIMD8(lowHalf: factors, highHalf: factors)
        var offset = offsets.lowerBound
        while offset < offsets.upperBound {
            let part = offset..<(offset &+ point.pixelsInPart(atMost: offsets.upperBound &- offset, remaining: count &- offset))
            var (s, t, detail) = (point.point.s, point.point.t, point.point.detail)
            let step = point.stepAlongPart
            var fractions = PairFractions(x: s, y: t, secondX: s &+ step.s, t &+ step.t)
            let fractionStep = PairFractions.step(x: step.s &<< 1, y: step.t &<< 1)
            var pixel = part.lowerBound
            while pixel &+ 2 <= part.upperBound {
                let two = sampler.pair(s: s, t: t, detail: detail, step: step, fractions: fractions)
                PixelMath.over(two: PixelMath.scale(two: two, by: factorPair), pixels + pixel)
                s &+= step.s &<< 1
                t &+= step.t &<< 1
                detail &+= step.detail &<< 1
                fractions.advance(by: fractionStep)
                pixel &+= 2
            }
            if pixel < part.upperBound {
                PreparedPanel.blend(sampler.single(s: s, t: t, detail: detail), scaledBy: factors, over: &pixels[pixel])
            }
            point.advance(by: part.count)
            point.stepped(part.count)
            offset = part.upperBound
        }
    }
}

/// A kind of lookup drawn two pixels at a time (`PreparedPanel.drawInPairs`).
protocol PairSampler {
    /// The colours at two points, in lanes 0–3 and 4–7: the first at (s, t) with level of detail
    /// `detail`, the second `step` from it; `fractions` holds both points' fractions in lanes.
    func pair(s: Int, t: Int, detail: Int, step: (s: Int, t: Int, detail: Int), fractions: PairFractions) -> SIMD8<UInt16>
    /// The colour at one point, (s, t) with level of detail `detail`, as `pair` looks it up.
    func single(s: Int, t: Int, detail: Int) -> PixelLanes
}

/// Bilinear lookups in level 0 alone, at the points' own coordinates.
struct Level0Pairs: PairSampler {
    let texels: TextureSampler.InteriorTexels

    @inline(__always)
    func pair(s: Int, t: Int, detail: Int, step: (s: Int, t: Int, detail: Int), fractions: PairFractions) -> SIMD8<UInt16> {
        texels.bilinear(interiorX: s, interiorY: t, andX: s &+ step.s, t &+ step.t, fractions: fractions)
    }

    @inline(__always)
    func single(s: Int, t: Int, detail: Int) -> PixelLanes {
        texels.bilinear(interiorX: s, interiorY: t)
    }
}

/// Lookups blending both of two levels (`MipmappedTexture.InteriorLevels.blended(_:)`), each
/// point with the weight of its own level of detail.
struct BlendedPairs: PairSampler {
    let levels: MipmappedTexture.InteriorLevels

    @inline(__always)
    func pair(s: Int, t: Int, detail: Int, step: (s: Int, t: Int, detail: Int), fractions: PairFractions) -> SIMD8<UInt16> {
        levels.blended(s: s, t: t, detail: detail, andS: s &+ step.s, t &+ step.t, detail &+ step.detail)
    }

    @inline(__always)
    func single(s: Int, t: Int, detail: Int) -> PixelLanes {
        levels.blended(s: s, t: t, detail: detail)
    }
}
