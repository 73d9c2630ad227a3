/// Bilinear lookups in one level of a panel's texture: `width`×`height` texels, rows
/// `rowLength` apart, clamped at the edge so a panel never picks up pixels from its neighbour
/// across a split.
struct TextureSampler {
    let texels: UnsafePointer<UInt32>
    let rowLength: Int
    let lastColumn: Int, lastRow: Int
    /// The largest coordinates in 16.16 fixed point: the centre of the last texel.
    let maxFixedX: Int, maxFixedY: Int

    init(texels: UnsafePointer<UInt32>, rowLength: Int, width: Int, height: Int) {
        self.texels = texels
        self.rowLength = rowLength
        lastColumn = width - 1
        lastRow = height - 1
        maxFixedX = lastColumn << 16
        maxFixedY = lastRow << 16
    }

    /// The colour at (x, y) in 16.16 fixed-point texel units: texel (i, j) has its centre at
    /// (i, j). Points beyond the texture are clamped to its edge.
    @inline(__always)
    func bilinear(fixedX: Int, fixedY: Int) -> PixelLanes {
        let x = min(max(fixedX, 0), maxFixedX), y = min(max(fixedY, 0), maxFixedY)
        return bilinear(clampedX: x, clampedY: y, nextColumn: min((x &>> 16) &+ 1, lastColumn),
                        nextRowOffset: (y &>> 16) < lastRow ? rowLength : 0)
    }

    /// Whether `bilinear(interiorX:interiorY:)` may sample (x, y): it needs the texel to its
    /// right and the one below.
    @inline(__always)
    func isInterior(fixedX x: Int, fixedY y: Int) -> Bool {
        x >= 0 && x < maxFixedX && y >= 0 && y < maxFixedY
    }

    /// `bilinear(fixedX:fixedY:)` for a point known to be interior: no clamping.
    @inline(__always)
    func bilinear(interiorX x: Int, interiorY y: Int) -> PixelLanes {
        interior.bilinear(interiorX: x, interiorY: y)
    }

    /// What lookups at interior points need: the texels and their row length, without the bounds.
    var interior: InteriorTexels { InteriorTexels(texels: texels, rowLength: rowLength) }

    /// The whole part of (x, y) picks the texel; the top byte of the fraction is the weight. The
    /// row below lies `nextRowOffset` texels on (the same row at the bottom edge).
    @inline(__always)
    private func bilinear(clampedX x: Int, clampedY y: Int, nextColumn: Int, nextRowOffset: Int) -> PixelLanes {
        // Wrapping arithmetic: the callers keep every value small, and checks would double the cost.
        let column = x &>> 16, row = y &>> 16
        let wx = UInt16(truncatingIfNeeded: x &>> 8) & 0xFF, wy = UInt16(truncatingIfNeeded: y &>> 8) & 0xFF
        let upper = texels + row &* rowLength, lower = upper + nextRowOffset
        let top = PixelMath.lerp(PixelMath.lanes(upper[column]), PixelMath.lanes(upper[nextColumn]), wx)
        let bottom = PixelMath.lerp(PixelMath.lanes(lower[column]), PixelMath.lanes(lower[nextColumn]), wx)
        return PixelMath.lerp(top, bottom, wy)
    }

    /// A level's texels for interior lookups only: two words where `TextureSampler` has six (its
    /// bounds are not needed there), so a loop over two levels has fewer values to keep.
    struct InteriorTexels {
        let texels: UnsafePointer<UInt32>
        let rowLength: Int

        /// `TextureSampler.bilinear(fixedX:fixedY:)` for a point known to be interior: no
        /// clamping. The two texels of a row lie side by side, so each row is one 8-byte load, and
        /// both rows are blended across in one 8-lane lerp: the same arithmetic, in the same
        /// order, with half the loads, widenings and multiplies.
        @inline(__always)
        func bilinear(interiorX x: Int, interiorY y: Int) -> PixelLanes {
            let wy = PixelLanes(repeating: UInt16(truncatingIfNeeded: y)) &>> 8
            let across = rowsBlendedAcross(interiorX: x, interiorY: y)
            return PixelMath.lerp(across.lowHalf, across.highHalf, wy)
        }

        /// `bilinear(interiorX:interiorY:)` at two points at once, their colours in lanes 0–3
        /// and 4–7: the last lerp, between the rows, is done for both in one 8-lane lerp.
        @inline(__always)
        func bilinear(interiorX x: Int, interiorY y: Int, andX secondX: Int, _ secondY: Int) -> SIMD8<UInt16> {
            bilinear(interiorX: x, interiorY: y, andX: secondX, secondY,
                     fractions: PairFractions(x: x, y: y, secondX: secondX, secondY))
        }

        /// `bilinear(interiorX:interiorY:)` with the point's fractions already in lanes (its own
        /// in both halves of a `PairFractions`), as a loop stepping the point keeps them.
        @inline(__always)
        func bilinear(interiorX x: Int, interiorY y: Int, fractions: PairFractions) -> PixelLanes {
            let across = rowsBlendedAcross(interiorX: x, interiorY: y, wx: fractions.x &>> 8)
            return PixelMath.lerp(across.lowHalf, across.highHalf, fractions.y.lowHalf &>> 8)
        }

        /// `bilinear(interiorX:interiorY:andX:_:)` with the points' fractions already in lanes
        /// (`PairFractions`), as a loop stepping both points keeps them.
        @inline(__always)
        func bilinear(interiorX x: Int, interiorY y: Int, andX secondX: Int, _ secondY: Int, fractions: PairFractions) -> SIMD8<UInt16> {
            let wx = fractions.x &>> 8
            let first = rowsBlendedAcross(interiorX: x, interiorY: y, wx: SIMD8(lowHalf: wx.lowHalf, highHalf: wx.lowHalf))
            let second = rowsBlendedAcross(interiorX: secondX, interiorY: secondY, wx: SIMD8(lowHalf: wx.highHalf, highHalf: wx.highHalf))
            return PixelMath.lerp(SIMD8(lowHalf: first.lowHalf, highHalf: second.lowHalf), SIMD8(lowHalf: first.highHalf, highHalf: second.highHalf),
                                  fractions.y &>> 8)
        }

        /// The first half of a bilinear lookup: the upper row's two texels blended across in
        /// lanes 0–3, the lower row's in lanes 4–7.
        @inline(__always)
        private func rowsBlendedAcross(interiorX x: Int, interiorY y: Int) -> SIMD8<UInt16> {
            // The weight is the fraction's top byte: its low 16 bits, in every lane, shifted.
            rowsBlendedAcross(interiorX: x, interiorY: y, wx: SIMD8(repeating: UInt16(truncatingIfNeeded: x)) &>> 8)
        }

        /// `rowsBlendedAcross(interiorX:interiorY:)` with x's weight given, in every lane.
        @inline(__always)
        private func rowsBlendedAcross(interiorX x: Int, interiorY y: Int, wx: SIMD8<UInt16>) -> SIMD8<UInt16> {
            let column = x &>> 16, row = y &>> 16
            let upper = UnsafeRawPointer(texels + (row &* rowLength &+ column))
            let lower = upper + rowLength &* MemoryLayout<UInt32>.stride
            // Texels (left, right) of each row, regrouped as (upper left, lower left) and
            // (upper right, lower right): both rows' left texels in one register, right in another.
            let top = upper.loadUnaligned(as: SIMD2<UInt32>.self), bottom = lower.loadUnaligned(as: SIMD2<UInt32>.self)
            let texels = unsafeBitCast(SIMD4(top[0], bottom[0], top[1], bottom[1]), to: SIMD16<UInt8>.self)
            // `PixelMath.lerp` across, its sum begun from the left texels' bytes directly.
            let left = texels.lowHalf
            return (PixelMath.shiftedRounded(left) &+ (PixelMath.widened(texels.highHalf) &- PixelMath.widened(left)) &* wx) &>> 8
        }
    }
}
