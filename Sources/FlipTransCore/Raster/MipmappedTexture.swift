/// A panel's texture at every level of detail: level 0 (the image region itself) and then the
/// levels of its mipmap, with the trilinear lookup that blends the two levels whose texels are
/// nearest in size to a screen pixel's footprint.
struct MipmappedTexture {
    /// Level 0 first, each level half the size of the one before.
    let levels: UnsafeBufferPointer<TextureSampler>
    /// The texture's one colour, if every texel is the same (`Mipmap.uniformColour`).
    let uniformColour: PixelLanes?

    /// Calls `body` with the texture made of `base` (level 0) and the levels of `mipmap`; the
    /// texture is valid only within `body`.
    static func with<Result>(base: TextureSampler, mipmap: Mipmap, _ body: (MipmappedTexture) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: TextureSampler.self, capacity: mipmap.levels.count + 1) { levels in
            levels.initializeElement(at: 0, to: base)
            for (index, level) in mipmap.levels.enumerated() { levels.initializeElement(at: index + 1, to: level) }
            return body(MipmappedTexture(levels: UnsafeBufferPointer(levels), uniformColour: mipmap.uniformColour.map(PixelMath.lanes)))
        }
    }

    var base: TextureSampler { levels[0] }

    /// The colour at `point`'s texel coordinates and level of detail (0 is level 0, `one` level 1,
    /// …; clamped to the levels there are): the two levels around it blended as `LevelBlend` says.
    @inline(__always)
    func trilinear(_ point: TexelPoint) -> PixelLanes {
        let detail = min(max(point.detail, 0), (levels.count &- 1) &<< 16)
        let level = detail &>> 16, weight = LevelBlend.coarserWeight(detail)
        let finer = sample(level: level, s: point.s, t: point.t)
        guard weight > 0 else { return finer }
        return PixelMath.lerp(finer, sample(level: level &+ 1, s: point.s, t: point.t), weight)
    }

    /// `point` filtered over its footprint (`Footprint`): one trilinear tap, or the mean of a grid
    /// of them, tap (i, j) at the centre of cell (i, j) when the footprint's parallelogram is cut
    /// into alongX × alongY cells.
    @inline(__always)
    func filtered(_ point: TexelPoint) -> PixelLanes {
        // An exactly projected point's level of detail and taps are its footprint's already.
        point.taps.isSingle ? trilinear(point) : MipmappedTexture.mean(of: point.taps, over: point) { trilinear($0) }
    }

    /// `filtered(_:)` for a stepped point, whose filter is worked out again from its own sides.
    /// Not inlined: the slow path of a few pixels, kept out of the loops' registers.
    @inline(never)
    func filteredOverFootprint(_ point: TexelPoint) -> PixelLanes {
        let footprint = point.footprint
        var centre = point
        centre.detail = footprint.detail
        guard !footprint.taps.isSingle else { return trilinear(centre) }
        return MipmappedTexture.mean(of: footprint.taps, over: centre) { trilinear($0) }
    }

    /// `filtered(_:)` with `taps` for a point whose footprint `footprintIsInterior` at the
    /// finer of `levels`.
    @inline(__always)
    static func filtered(interior point: TexelPoint, taps: FootprintTaps, levels: InteriorLevels) -> PixelLanes {
        // Every tap has the point's level of detail: how it takes the levels is settled once for
        // all of them, and each kind of tap gets a loop of its own.
        let blend = levels.blend(at: point)
        guard blend != .both else { return mean(of: taps, over: point) { levels.blended($0) } }
        let alone = blend == .finer ? levels : levels.coarserAlone
        guard alone.level <= 0 else { return mean(of: taps, over: point) { alone.finerBilinear($0) } }
        // Level 0 alone (or magnified): the taps' coordinates are their own, and their weights
        // are stepped in lanes.
        let texels = alone.finer
        return mean(of: taps, over: point) { tap, fractions in texels.bilinear(interiorX: tap.s, interiorY: tap.t, fractions: fractions) }
    }

    /// Whether every tap over `point`'s footprint lies inside the levels `level` and the next (its
    /// parallelogram's corners do, and with them everything between).
    @inline(__always)
    func footprintIsInterior(_ point: TexelPoint, level: Int) -> Bool {
        let halfX = (s: point.dsdx &>> 1, t: point.dtdx &>> 1), halfY = (s: point.dsdy &>> 1, t: point.dtdy &>> 1)
        func cornerIsInterior(_ signX: Int, _ signY: Int) -> Bool {
            var corner = point
            corner.s = point.s &+ signX &* halfX.s &+ signY &* halfY.s
            corner.t = point.t &+ signX &* halfX.t &+ signY &* halfY.t
            return isInterior(corner, level: level)
        }
        return cornerIsInterior(1, 1) && cornerIsInterior(1, -1) && cornerIsInterior(-1, 1) && cornerIsInterior(-1, -1)
    }

    /// The mean of `sample` at the centres of `taps` cells of `point`'s footprint (rounded for up
    /// to 22 taps, within 0.59 of a level beyond: `FootprintTaps.meanScale`): the
    /// parallelogram cut into alongX × alongY cells, tap (i, j) at
    /// point + ∂/∂X·(2i + 1 − alongX)/(2·alongX) + ∂/∂Y·(2j + 1 − alongY)/(2·alongY), each
    /// half cell (∂/∂X/(2·alongX), ∂/∂Y/(2·alongY)) rounded down to a 16.16 step. The taps are
    /// stepped from the first with adds: the same places as multiplying out each one's.
    @inline(__always)
    private static func mean(of taps: FootprintTaps, over point: TexelPoint, _ sample: (TexelPoint) -> PixelLanes) -> PixelLanes {
        mean(of: taps, over: point) { tap, _ in sample(tap) }
    }

    /// `mean(of:over:_:)` with `sample` given each tap's fractions too, in lanes (`PairFractions`,
    /// the tap's in both halves).
    @inline(__always)
    private static func mean(of taps: FootprintTaps, over point: TexelPoint, _ sample: (TexelPoint, PairFractions) -> PixelLanes) -> PixelLanes {
        // At most `Footprint.maximumTaps` taps of at most 255: the sum fits in 16-bit lanes.
        var sum = PixelLanes()
        // A footprint stretched along one side (the common case) takes one line of taps: one
        // loop, and no work on the other side, whose one tap lies at the centre.
        if taps.alongY == 1 {
            let x = spacing(alongSide: (point.dsdx, point.dtdx), halfCell: taps.halfCellX, taps: taps.alongX)
            sum = line(of: taps.alongX, from: point, offset: x.first, step: x.step, sample)
        } else if taps.alongX == 1 {
            let y = spacing(alongSide: (point.dsdy, point.dtdy), halfCell: taps.halfCellY, taps: taps.alongY)
            sum = line(of: taps.alongY, from: point, offset: y.first, step: y.step, sample)
        } else {
            let x = spacing(alongSide: (point.dsdx, point.dtdx), halfCell: taps.halfCellX, taps: taps.alongX)
            let y = spacing(alongSide: (point.dsdy, point.dtdy), halfCell: taps.halfCellY, taps: taps.alongY)
            var offset = (s: x.first.s &+ y.first.s, t: x.first.t &+ y.first.t)
            for _ in 0..<taps.alongY {
                sum &+= line(of: taps.alongX, from: point, offset: offset, step: x.step, sample)
                offset.s &+= y.step.s
                offset.t &+= y.step.t
            }
        }
        return PixelMath.scaledRounded(sum, by: UInt16(truncatingIfNeeded: taps.meanScale))
    }

    /// The step between `taps` taps along a footprint's `side` (two half cells, `halfCell` the
    /// 16.16 fraction of the side a half cell is) and the offset of the first from the centre.
    @inline(__always)
    private static func spacing(alongSide side: (s: Int, t: Int), halfCell: Int, taps: Int) -> (step: (s: Int, t: Int), first: (s: Int, t: Int)) {
        let half = (s: (side.s &* halfCell) &>> 16, t: (side.t &* halfCell) &>> 16)
        return ((half.s &<< 1, half.t &<< 1), (half.s &* (1 &- taps), half.t &* (1 &- taps)))
    }

    /// The sum of `sample` at `count` taps from `point` moved by `offset` on, `step` apart. A
    /// function of its own, capturing nothing mutable: a nested one updating the caller's sum
    /// and tap pays for exclusivity checks at every tap.
    @inline(__always)
    private static func line(of count: Int, from point: TexelPoint, offset: (s: Int, t: Int), step: (s: Int, t: Int),
                             _ sample: (TexelPoint, PairFractions) -> PixelLanes) -> PixelLanes {
        var tap = point
        tap.s &+= offset.s
        tap.t &+= offset.t
        var fractions = PairFractions(x: tap.s, y: tap.t, secondX: tap.s, tap.t)
        let fractionStep = PairFractions.step(x: step.s, y: step.t)
        var sum = PixelLanes()
        for _ in 0..<count {
            sum &+= sample(tap, fractions)
            tap.s &+= step.s
            tap.t &+= step.t
            fractions.advance(by: fractionStep)
        }
        return sum
    }

    /// Whether `point` lies inside the levels its level of detail blends, `level` (its level of
    /// detail's whole part, −1 for a magnified point, which uses level 0 only) and the next, so
    /// that `InteriorLevels.trilinear(_:)` may sample it.
    @inline(__always)
    func isInterior(_ point: TexelPoint, level: Int) -> Bool {
        guard level &+ 1 < levels.count else { return false }
        for sampled in Self.sampledLevel(level)...(level &+ 1) {
            let texels = levels[sampled]
            guard texels.isInterior(fixedX: Self.coordinate(point.s, inLevel: sampled),
                                    fixedY: Self.coordinate(point.t, inLevel: sampled)) else { return false }
        }
        return true
    }

    /// The levels that points which are `isInterior` at `level` blend, for `InteriorLevels`'
    /// lookups; `level` is at least −1 and below the last level.
    @inline(__always)
    func interiorLevels(_ level: Int) -> InteriorLevels {
        InteriorLevels(finer: levels[Self.sampledLevel(level)].interior, coarser: levels[level &+ 1].interior, level: level)
    }

    /// The two levels a stretch of points inside them blends, taken out of the level table once
    /// per stretch: the pixel loop then keeps them in registers instead of loading them from the
    /// table for every lookup.
    struct InteriorLevels {
        let finer: TextureSampler.InteriorTexels, coarser: TextureSampler.InteriorTexels
        /// The finer level's number; −1 for magnified points, which sample level 0 only.
        let level: Int

        /// How `trilinear(_:)` takes the levels at `point`: the finer alone where it is magnified.
        @inline(__always)
        func blend(at point: TexelPoint) -> LevelBlend {
            level >= 0 ? LevelBlend(detail: point.detail) : .finer
        }

        /// `trilinear(_:)` for a point that `isInterior` at `level` and blends both levels: no
        /// clamping, no choice of levels.
        @inline(__always)
        func blended(_ point: TexelPoint) -> PixelLanes {
            blended(s: point.s, t: point.t, detail: point.detail)
        }

        /// `blended(_:)` at (s, t) with level of detail `detail`.
        @inline(__always)
        func blended(s: Int, t: Int, detail: Int) -> PixelLanes {
            // `coordinate(_:inLevel:)` in two shifts: the coarser level's is the finer's shifted by one more.
            let half = TexelPoint.one / 2
            let s = (s &+ half) &>> level, t = (t &+ half) &>> level
            let finerSample = finer.bilinear(interiorX: s &- half, interiorY: t &- half)
            let coarserSample = coarser.bilinear(interiorX: (s &>> 1) &- half, interiorY: (t &>> 1) &- half)
            return PixelMath.lerp(finerSample, coarserSample, LevelBlend.weight(detail))
        }

        /// `blended(_:)` at two points at once, each given by its s, t and level of detail, their
        /// colours in lanes 0–3 and 4–7: each level's two lookups share their last lerp
        /// (`InteriorTexels.bilinear(interiorX:interiorY:andX:_:)`), and the levels are blended
        /// for both in one 8-lane lerp, each half with its own point's weight.
        @inline(__always)
        func blended(s: Int, t: Int, detail: Int, andS secondS: Int, _ secondT: Int, _ secondDetail: Int) -> SIMD8<UInt16> {
            let half = TexelPoint.one / 2
            let s0 = (s &+ half) &>> level, t0 = (t &+ half) &>> level
            let s1 = (secondS &+ half) &>> level, t1 = (secondT &+ half) &>> level
            let finerPair = finer.bilinear(interiorX: s0 &- half, interiorY: t0 &- half, andX: s1 &- half, t1 &- half)
            let coarserPair = coarser.bilinear(interiorX: (s0 &>> 1) &- half, interiorY: (t0 &>> 1) &- half,
                                               andX: (s1 &>> 1) &- half, (t1 &>> 1) &- half)
            let weights = SIMD8(lowHalf: PixelLanes(repeating: LevelBlend.weight(detail)),
                                highHalf: PixelLanes(repeating: LevelBlend.weight(secondDetail)))
            return PixelMath.lerp(finerPair, coarserPair, weights)
        }

        /// `trilinear(_:)` for a point that takes the finer level alone.
        @inline(__always)
        func finerBilinear(_ point: TexelPoint) -> PixelLanes {
            let sampled = MipmappedTexture.sampledLevel(level)
            return finer.bilinear(interiorX: MipmappedTexture.coordinate(point.s, inLevel: sampled),
                                  interiorY: MipmappedTexture.coordinate(point.t, inLevel: sampled))
        }

        /// The coarser level as the finer of a pair, for points that take it alone: their
        /// lookups are its `finerBilinear`, so one loop draws either level alone.
        @inline(__always)
        var coarserAlone: InteriorLevels {
            InteriorLevels(finer: coarser, coarser: coarser, level: level &+ 1)
        }
    }

    /// Bilinear in level `level` at level-0 texel coordinates (16.16).
    @inline(__always)
    private func sample(level: Int, s: Int, t: Int) -> PixelLanes {
        levels[level].bilinear(fixedX: Self.coordinate(s, inLevel: level), fixedY: Self.coordinate(t, inLevel: level))
    }

    /// The level a finer level number samples: level 0 for a magnified point's −1. Written out
    /// rather than `max(level, 0)`, which the compiler left as a call in the sampling loops.
    @inline(__always)
    static func sampledLevel(_ level: Int) -> Int {
        level < 0 ? 0 : level
    }

    /// Level-0 texel coordinate `c` (16.16) in level `level`'s texels: its texel i spans level-0
    /// texels i·2^level … (i + 1)·2^level − 1, so its centre lies at (i + ½)·2^level − ½.
    @inline(__always)
    static func coordinate(_ c: Int, inLevel level: Int) -> Int {
        let half = TexelPoint.one / 2
        // Wrapping arithmetic: points are clamped to ±2^36 and levels to 0…63.
        return ((c &+ half) &>> level) &- half
    }
}
