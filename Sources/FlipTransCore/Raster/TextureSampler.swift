/// Bilinear lookups in one region of an image, clamped to the region's edge so a panel never
/// picks up pixels from its neighbour across a split.
struct TextureSampler {
    let texture: UnsafePointer<UInt32>
    let imageWidth: Int
    let minX: Float, maxX: Float, minY: Float, maxY: Float
    let lastColumn: Int, lastRow: Int

    init(texture: UnsafePointer<UInt32>, imageWidth: Int, region: PixelRect) {
        self.texture = texture
        self.imageWidth = imageWidth
        lastColumn = region.x + region.width - 1
        lastRow = region.y + region.height - 1
        minX = Float(region.x)
        minY = Float(region.y)
        maxX = Float(lastColumn)
        maxY = Float(lastRow)
    }

    /// The colour at image point (u, v); texel (i, j) has its centre at (i + ½, j + ½).
    @inline(__always)
    func bilinear(u: Float, v: Float) -> UInt32 {
        let fx = min(max(u - 0.5, minX), maxX), fy = min(max(v - 0.5, minY), maxY)
        let column = Int(fx), row = Int(fy)
        let wx = UInt32((fx - Float(column)) * 256), wy = UInt32((fy - Float(row)) * 256)
        let nextColumn = min(column + 1, lastColumn), nextRow = min(row + 1, lastRow)
        let upper = texture + row * imageWidth, lower = texture + nextRow * imageWidth
        let top = PixelMath.lerp(upper[column], upper[nextColumn], wx)
        let bottom = PixelMath.lerp(lower[column], lower[nextColumn], wx)
        return PixelMath.lerp(top, bottom, wy)
    }
}
