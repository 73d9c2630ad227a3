/// Drawing the bulk of a stretch two pixels at a time, for the commonest kinds of lookup: both
/// pixels' colours are looked up into the two halves of one 8-lane register, then shaded, packed
/// and composited together, lane for lane the arithmetic of drawing them one by one
/// (`PixelMath.scale(two:by:)`, `PixelMath.over(two:_:)`). Only what the lookups and the shading
/// need is stepped along a part, the whole point once at its end.
extension PreparedPanel {
    /// Draws pixels `offsets` of a stretch of `count` from `pixels` on, stepping `point` along,
    /// each looked up by `sampler` and shaded by `shading`.
    @inline(__always)
    static func drawInPairs<Sampler: PairSampler, Shading: PairShading>(_ offsets: Range<Int>, of count: Int, stepping point: inout SteppedPoint,
                                                                        sampler: Sampler, shadedBy shading: Shading,
                                                                        into pixels: UnsafeMutablePointer<UInt32>) {
        var offset = offsets.lowerBound
        while offset < offsets.upperBound {
            let part = offset..<(offset &+ point.pixelsInPart(atMost: offsets.upperBound &- offset, remaining: count &- offset))
            var (s, t, detail, shade) = (point.point.s, point.point.t, point.point.detail, point.point.shade)
            let step = point.stepAlongPart
            var fractions = PairFractions(x: s, y: t, secondX: s &+ step.s, t &+ step.t)
            let fractionStep = PairFractions.step(x: step.s &<< 1, y: step.t &<< 1)
            var pixel = part.lowerBound
            while pixel &+ 2 <= part.upperBound {
                let two = sampler.pair(s: s, t: t, detail: detail, step: (step.s, step.t, step.detail), fractions: fractions)
                PixelMath.over(two: PixelMath.scale(two: two, by: shading.pair(at: shade, step: step.shade)), pixels + pixel)
                s &+= step.s &<< 1
                t &+= step.t &<< 1
                detail &+= step.detail &<< 1
                shade &+= step.shade &<< 1
                fractions.advance(by: fractionStep)
                pixel &+= 2
            }
            if pixel < part.upperBound {
                PreparedPanel.blend(sampler.single(s: s, t: t, detail: detail), scaledBy: shading.single(at: shade), over: &pixels[pixel])
            }
            point.advance(by: part.count)
            point.stepped(part.count)
            offset = part.upperBound
        }
    }
}

extension PreparedPanel {
    /// `drawInPairs` shaded by a table, as a function of its own that returns `point` stepped
    /// past `offsets`: inlined beside the loops of one shade, it cost them time, and so did
    /// stepping the caller's point in place (its address escaping, the caller kept it in memory).
    @inline(never)
    static func drawInPairs<Sampler: PairSampler>(_ offsets: Range<Int>, of count: Int, from point: SteppedPoint, sampler: Sampler,
                                                  shadedByTable shades: UnsafeBufferPointer<PixelLanes>,
                                                  into pixels: UnsafeMutablePointer<UInt32>) -> SteppedPoint {
        var point = point
        drawInPairs(offsets, of: count, stepping: &point, sampler: sampler, shadedBy: ShadeTable(shades: shades), into: pixels)
        return point
    }
}

/// How `PreparedPanel.drawInPairs` shades its pixels: by their shade positions.
protocol PairShading {
    /// The factors of a pixel at shade position `shade` (16.16) in lanes 0–3, the next one's,
    /// `step` further, in lanes 4–7.
    func pair(at shade: Int, step: Int) -> SIMD8<UInt16>
    /// The factors of one pixel at shade position `shade`.
    func single(at shade: Int) -> PixelLanes
}

/// Every pixel shaded alike.
struct OneShade: PairShading {
    let factors: PixelLanes

    @inline(__always)
    func pair(at shade: Int, step: Int) -> SIMD8<UInt16> { SIMD8(lowHalf: factors, highHalf: factors) }

    @inline(__always)
    func single(at shade: Int) -> PixelLanes { factors }
}

/// Each pixel shaded by the entry of a shade table its position picks
/// (`PreparedPanel.shadeFactors(at:in:)`).
struct ShadeTable: PairShading {
    let shades: UnsafeBufferPointer<PixelLanes>

    @inline(__always)
    func pair(at shade: Int, step: Int) -> SIMD8<UInt16> {
        SIMD8(lowHalf: single(at: shade), highHalf: single(at: shade &+ step))
    }

    @inline(__always)
    func single(at shade: Int) -> PixelLanes { PreparedPanel.shadeFactors(at: shade, in: shades) }
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
