/// Bilinear lookups in one level of a panel's texture: `width`×`height` texels, rows
/// `rowLength` apart, clamped at the edge so a panel never picks up pixels from its neighbour
/// across a split.
struct TextureSampler {
    let texels: UnsafePointer<UInt32>
    let rowLength: Int
    let lastColumn: Int, lastRow: Int
    let maxX: Float, maxY: Float

    init(texels: UnsafePointer<UInt32>, rowLength: Int, width: Int, height: Int) {
        self.texels = texels
        self.rowLength = rowLength
        lastColumn = width - 1
        lastRow = height - 1
        maxX = Float(lastColumn)
        maxY = Float(lastRow)
    }

    /// The colour at (x, y) in texel units: texel (i, j) has its centre at (i, j).
    @inline(__always)
    func bilinear(x: Float, y: Float) -> UInt32 {
        // In 1/256ths of a texel: the whole part picks the texel, the low byte is the weight
        // (one conversion per axis).
        let fixedX = Int(min(max(x, 0), maxX) * 256), fixedY = Int(min(max(y, 0), maxY) * 256)
        let column = fixedX >> 8, row = fixedY >> 8
        let wx = UInt16(truncatingIfNeeded: fixedX & 0xFF), wy = UInt16(truncatingIfNeeded: fixedY & 0xFF)
        let nextColumn = min(column + 1, lastColumn), nextRow = min(row + 1, lastRow)
        let upper = texels + row * rowLength, lower = texels + nextRow * rowLength
        // Both rows at once, one 16-bit lane per channel: the left texels, then the right ones.
        let left = TextureSampler.lanes(upper[column], lower[column])
        let right = TextureSampler.lanes(upper[nextColumn], lower[nextColumn])
        let rows = TextureSampler.lerp(left, right, wx)
        let texel = TextureSampler.lerp(rows.lowHalf, rows.highHalf, wy)
        return unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: texel), to: UInt32.self)
    }

    /// The channels of two pixels (memory order) in eight 16-bit lanes.
    @inline(__always)
    private static func lanes(_ first: UInt32, _ second: UInt32) -> SIMD8<UInt16> {
        SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(UInt64(first) | UInt64(second) << 32, to: SIMD8<UInt8>.self))
    }

    /// `a + (b − a)·w/256` in every lane, rounded as `PixelMath.lerp` does (no lane exceeds 16 bits).
    @inline(__always)
    private static func lerp<Lanes: SIMD<UInt16>>(_ a: Lanes, _ b: Lanes, _ w: UInt16) -> Lanes {
        (a &* (256 &- w) &+ b &* w &+ 128) &>> 8
    }
}
