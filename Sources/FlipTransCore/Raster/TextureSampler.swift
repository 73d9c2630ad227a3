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
    func bilinear(x: Float, y: Float) -> PixelLanes {
        // In 1/256ths of a texel: the whole part picks the texel, the low byte is the weight
        // (one conversion per axis).
        let fixedX = Int(min(max(x, 0), maxX) * 256), fixedY = Int(min(max(y, 0), maxY) * 256)
        let column = fixedX >> 8, row = fixedY >> 8
        let wx = UInt16(truncatingIfNeeded: fixedX & 0xFF), wy = UInt16(truncatingIfNeeded: fixedY & 0xFF)
        let nextColumn = min(column + 1, lastColumn), nextRow = min(row + 1, lastRow)
        let upper = texels + row * rowLength, lower = texels + nextRow * rowLength
        // Both rows at once: the left texels of the two rows, then the right ones.
        let rows = PixelMath.lerp(PixelMath.lanes(upper[column], lower[column]),
                                  PixelMath.lanes(upper[nextColumn], lower[nextColumn]), wx)
        return PixelMath.lerp(rows.lowHalf, rows.highHalf, wy)
    }
}
