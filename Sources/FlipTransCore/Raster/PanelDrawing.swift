import Foundation

/// The per-pixel work of drawing a prepared panel into a frame: for each covered pixel, find
/// its point in the image (one divide: perspective-correct), sample it bilinearly, or average
/// several samples where the panel is so foreshortened that one pixel spans many texels,
/// darken it by the shading, weight it by how much of the pixel the outline covers
/// (antialiasing), and composite it over what is already there.
extension PreparedPanel {
    /// Where a footprint spans more than this many texels, supersample instead of one bilinear tap.
    private static let minifiedFootprint = 1.25
    private static let maximumSamplesPerAxis = 16

    func draw(rows band: Range<Int>, into frame: UnsafeMutablePointer<UInt32>, frameWidth: Int,
              texture: UnsafePointer<UInt32>) {
        let rowsToDraw = band.clamped(to: rows)
        guard !rowsToDraw.isEmpty else { return }
        if let offset = copyOffset {
            copyRows(rowsToDraw, offset: offset, into: frame, frameWidth: frameWidth, texture: texture)
            return
        }
        let sampler = TextureSampler(texture: texture, imageWidth: panel.image.width, region: panel.region)
        withUnsafeTemporaryAllocation(of: Double.self, capacity: edges.count) { edgeOffsets in
            for y in rowsToDraw {
                drawRow(y, edgeOffsets: edgeOffsets, sampler: sampler, into: frame + y * frameWidth, frameWidth: frameWidth)
            }
        }
    }

    private func drawRow(_ y: Int, edgeOffsets: UnsafeMutableBufferPointer<Double>, sampler: TextureSampler,
                         into row: UnsafeMutablePointer<UInt32>, frameWidth: Int) {
        let centreY = Double(y) + 0.5
        // Pixels whose centre lies within half a pixel outside every edge get some coverage;
        // pixels at least half a pixel inside every edge are fully covered.
        var outer = (low: -1.0, high: Double(frameWidth) + 1)
        var inner = outer
        for (index, edge) in edges.enumerated() {
            let offset = edge.c + edge.ny * centreY
            edgeOffsets[index] = offset
            if abs(edge.nx) < 1e-9 {
                if offset <= -0.5 { return }
                if offset < 0.5 { inner = (1, 0) }
                continue
            }
            let outerBound = (-0.5 - offset) / edge.nx, innerBound = (0.5 - offset) / edge.nx
            if edge.nx > 0 {
                outer.low = max(outer.low, outerBound)
                inner.low = max(inner.low, innerBound)
            } else {
                outer.high = min(outer.high, outerBound)
                inner.high = min(inner.high, innerBound)
            }
        }
        let span = PreparedPanel.pixelRange(outer, frameWidth: frameWidth)
        guard !span.isEmpty else { return }
        let full = PreparedPanel.pixelRange(inner, frameWidth: frameWidth).clamped(to: span)
        let samples = samplesPerAxis(alongRow: centreY, from: span.lowerBound, to: span.upperBound - 1)

        let h = screenToImage
        let (h0, h1, h2, h3, h4, h5, h6, h7, h8) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8])
        let fy = Float(centreY)
        let (rowU, rowV, rowW) = (h1 * fy + h2, h4 * fy + h5, h7 * fy + h8)
        let solidShade = shadeTable.count == 1 ? shadeTable[0] : nil
        let (gu, gv, g0) = gradientCoefficients
        let lastShade = Float(shadeTable.count - 1)

        for x in span {
            var coverage: UInt32 = 255
            if !full.contains(x) {
                coverage = edgeCoverage(atX: Double(x) + 0.5, edgeOffsets: edgeOffsets)
                if coverage == 0 { continue }
            }
            let fx = Float(x) + 0.5
            let w = h6 * fx + rowW
            guard w > 0 else { continue }
            let u = (h0 * fx + rowU) / w, v = (h3 * fx + rowV) / w
            var texel = samples == (1, 1)
                ? sampler.bilinear(u: u, v: v)
                : supersample(atX: fx, y: fy, counts: samples, sampler: sampler)
            let shade = solidShade ?? shadeTable[Int(min(max(gu * u + gv * v + g0, 0), lastShade))]
            if shade != 255 || coverage != 255 {
                texel = PixelMath.scale(texel, color: shade * coverage / 255, alpha: coverage)
            }
            row[x] = PixelMath.over(texel, row[x])
        }
    }

    /// Screen pixels whose centres lie in the open interval of x, clipped to the frame.
    private static func pixelRange(_ interval: (low: Double, high: Double), frameWidth: Int) -> Range<Int> {
        let low = min(max(interval.low - 0.5, 0), Double(frameWidth))
        let high = min(max(interval.high - 0.5, -1), Double(frameWidth - 1))
        let first = Int(low.rounded(.up)), last = Int(high.rounded(.down))
        return first <= last ? first..<(last + 1) : first..<first
    }

    /// The fraction of a pixel inside the outline (0…255): one minus the parts cut off by each
    /// edge, each estimated from the edge's distance to the pixel centre. Exact for a straight
    /// edge and for a sliver between two parallel edges — the nearly edge-on case.
    private func edgeCoverage(atX x: Double, edgeOffsets: UnsafeMutableBufferPointer<Double>) -> UInt32 {
        var uncovered = 0.0
        for (index, edge) in edges.enumerated() {
            let inside = edge.nx * x + edgeOffsets[index] + 0.5
            if inside < 1 { uncovered += 1 - max(inside, 0) }
        }
        return UInt32((max(1 - uncovered, 0) * 255).rounded())
    }

    /// How many samples per screen axis one pixel needs, from the texture footprint at both ends
    /// of the row's span: (1, 1) unless the panel is minified there.
    private func samplesPerAxis(alongRow y: Double, from firstX: Int, to lastX: Int) -> (Int, Int) {
        let ends = [footprint(atX: Double(firstX) + 0.5, y: y), footprint(atX: Double(lastX) + 0.5, y: y)]
        let alongX = ends.map(\.alongX).max()!, alongY = ends.map(\.alongY).max()!
        guard max(alongX, alongY) > PreparedPanel.minifiedFootprint else { return (1, 1) }
        func count(_ length: Double) -> Int { min(max(Int(length.rounded(.up)), 1), PreparedPanel.maximumSamplesPerAxis) }
        return (count(alongX), count(alongY))
    }

    /// How far the image point moves (in texels) per screen pixel along x and along y.
    private func footprint(atX x: Double, y: Double) -> (alongX: Double, alongY: Double) {
        let h = screenToImage.map(Double.init)
        let w = h[6] * x + h[7] * y + h[8]
        guard w > 0 else { return (1, 1) }
        let u = (h[0] * x + h[1] * y + h[2]) / w, v = (h[3] * x + h[4] * y + h[5]) / w
        let duDx = (h[0] - u * h[6]) / w, dvDx = (h[3] - v * h[6]) / w
        let duDy = (h[1] - u * h[7]) / w, dvDy = (h[4] - v * h[7]) / w
        return ((duDx * duDx + dvDx * dvDx).squareRoot(), (duDy * duDy + dvDy * dvDy).squareRoot())
    }

    /// The average of a grid of bilinear samples spread over the pixel: a box filter over the
    /// pixel's footprint in the image.
    private func supersample(atX x: Float, y: Float, counts: (Int, Int), sampler: TextureSampler) -> UInt32 {
        let h = screenToImage
        var sums: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        for j in 0..<counts.1 {
            let sy = y + (Float(j) + 0.5) / Float(counts.1) - 0.5
            for i in 0..<counts.0 {
                let sx = x + (Float(i) + 0.5) / Float(counts.0) - 0.5
                let w = h[6] * sx + h[7] * sy + h[8]
                let texel = sampler.bilinear(u: (h[0] * sx + h[1] * sy + h[2]) / w, v: (h[3] * sx + h[4] * sy + h[5]) / w)
                sums.0 &+= texel & 0xFF
                sums.1 &+= (texel >> 8) & 0xFF
                sums.2 &+= (texel >> 16) & 0xFF
                sums.3 &+= texel >> 24
            }
        }
        let n = UInt32(counts.0 * counts.1), half = n / 2
        return (sums.0 &+ half) / n | ((sums.1 &+ half) / n) << 8 | ((sums.2 &+ half) / n) << 16 | ((sums.3 &+ half) / n) << 24
    }

    /// A panel moved by whole pixels: its pixels are copied (with solid shading), not resampled,
    /// so a still image comes out bit-exact.
    private func copyRows(_ frameRows: Range<Int>, offset: (dx: Int, dy: Int), into frame: UnsafeMutablePointer<UInt32>,
                          frameWidth: Int, texture: UnsafePointer<UInt32>) {
        let region = panel.region
        let firstX = max(region.x + offset.dx, 0), endX = min(region.x + region.width + offset.dx, frameWidth)
        guard firstX < endX else { return }
        let shade = shadeTable[0]
        for y in frameRows {
            let sourceY = y - offset.dy
            guard sourceY >= region.y, sourceY < region.y + region.height else { continue }
            let source = texture + sourceY * panel.image.width - offset.dx
            let destination = frame + y * frameWidth
            for x in firstX..<endX {
                let texel = shade == 255 ? source[x] : PixelMath.scale(source[x], color: shade, alpha: 255)
                destination[x] = PixelMath.over(texel, destination[x])
            }
        }
    }
}
