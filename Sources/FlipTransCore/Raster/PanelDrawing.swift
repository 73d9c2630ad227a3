/// The per-pixel work of drawing a prepared panel into a frame: for each covered pixel, find
/// its point in the texture (one divide: perspective-correct), sample it bilinearly — or, where
/// the panel is so foreshortened that one pixel spans several texels, trilinearly from the
/// mipmap — darken it by the shading, weight it by how much of the pixel the outline covers
/// (antialiasing), and composite it over what is already there.
extension PreparedPanel {
    /// Where a pixel's footprint spans more than this many texels, the mipmap is sampled; below
    /// it one bilinear tap keeps a slightly shrunken panel sharp.
    private static let minifiedFootprint: Float = 1.25

    /// Draws the panel's part of `band`. `texture` is the panel's image; `mipmap` is the
    /// mipmap of its region, needed unless the panel is copied (`copyOffset`).
    func draw(rows band: Range<Int>, into frame: UnsafeMutablePointer<UInt32>, frameWidth: Int,
              texture: UnsafePointer<UInt32>, mipmap: Mipmap?) {
        let rowsToDraw = band.clamped(to: rows)
        guard !rowsToDraw.isEmpty else { return }
        if let offset = copyOffset {
            copyRows(rowsToDraw, offset: offset, into: frame, frameWidth: frameWidth, texture: texture)
            return
        }
        guard let mipmap else { preconditionFailure("a resampled panel needs its mipmap") }
        let region = panel.region, imageWidth = panel.image.width
        let base = TextureSampler(texels: texture + region.y * imageWidth + region.x, rowLength: imageWidth,
                                  width: region.width, height: region.height)
        MipmappedTexture.with(base: base, mipmap: mipmap) { texture in
            shadeTable.withUnsafeBufferPointer { shades in
                withUnsafeTemporaryAllocation(of: Double.self, capacity: edges.count) { edgeOffsets in
                    for y in rowsToDraw {
                        drawRow(y, texture: texture, shades: shades, edgeOffsets: edgeOffsets,
                                into: frame + y * frameWidth, frameWidth: frameWidth)
                    }
                }
            }
        }
    }

    private func drawRow(_ y: Int, texture: MipmappedTexture, shades: UnsafeBufferPointer<UInt32>,
                         edgeOffsets: UnsafeMutableBufferPointer<Double>, into row: UnsafeMutablePointer<UInt32>,
                         frameWidth: Int) {
        let centreY = Double(y) + 0.5
        // Pixels whose centre lies within half a pixel outside every edge get some coverage;
        // pixels at least half a pixel inside every edge are fully covered.
        var outer = (low: -1.0, high: Double(frameWidth) + 1)
        var inner = outer
        for index in edges.indices {
            let edge = edges[index]
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

        let m = screenToTexel
        let fy = Float(centreY)
        // The footprint peaks at an end of the row, where the panel is farthest away.
        let minified = levelOfDetail(atX: Float(span.lowerBound) + 0.5, y: fy) > 0
            || levelOfDetail(atX: Float(span.upperBound - 1) + 0.5, y: fy) > 0
        let solidShade = shades.count == 1 ? shades[0] : nil
        let (gu, gv, g0) = gradientCoefficients
        let lastShade = Float(shades.count - 1)

        /// Draws pixel x with its colour sampled at screen point (sx, sy).
        @inline(__always)
        func drawPixel(_ x: Int, coverage: UInt32, sampleAt sx: Float, _ sy: Float) {
            let w = m.g * sx + m.h * sy + m.i
            guard w > 0 else { return }
            let reciprocal = 1 / w
            let s = (m.a * sx + m.b * sy + m.c) * reciprocal, t = (m.d * sx + m.e * sy + m.f) * reciprocal
            var texel = minified
                ? texture.trilinear(s: s, t: t, levelOfDetail: levelOfDetail(s: s, t: t, reciprocalW: reciprocal))
                : texture.base.bilinear(x: s, y: t)
            let shade = solidShade ?? shades[Int(min(max(gu * s + gv * t + g0, 0), lastShade))]
            if shade != 255 || coverage != 255 {
                let colour = UInt16(truncatingIfNeeded: shade * coverage / 255), alpha = UInt16(truncatingIfNeeded: coverage)
                texel = PixelMath.scale(texel, by: PixelLanes(colour, colour, colour, alpha))
            }
            row[x] = PixelMath.over(PixelMath.packed(texel), row[x])
        }
        func drawFringePixel(_ x: Int) {
            let centre = Point(Double(x) + 0.5, centreY)
            let coverage = edgeCoverage(at: centre, edgeOffsets: edgeOffsets)
            guard coverage > 0 else { return }
            // A centre beyond the horizon of a panel seen almost edge-on maps to no point of
            // the image: sample the covered part of the pixel instead.
            let sample = m.g * Float(centre.x) + m.h * fy + m.i > 0 ? centre : coveredPart(ofPixelAt: centre).centroid
            drawPixel(x, coverage: coverage, sampleAt: Float(sample.x), Float(sample.y))
        }
        for x in span.lowerBound..<full.lowerBound { drawFringePixel(x) }
        for x in full { drawPixel(x, coverage: 255, sampleAt: Float(x) + 0.5, fy) }
        for x in full.upperBound..<span.upperBound { drawFringePixel(x) }
    }

    /// Screen pixels whose centres lie in the open interval of x, clipped to the frame.
    private static func pixelRange(_ interval: (low: Double, high: Double), frameWidth: Int) -> Range<Int> {
        let low = min(max(interval.low - 0.5, 0), Double(frameWidth))
        let high = min(max(interval.high - 0.5, -1), Double(frameWidth - 1))
        let first = Int(low.rounded(.up)), last = Int(high.rounded(.down))
        return first <= last ? first..<(last + 1) : first..<first
    }

    /// The fraction of the pixel centred at `centre` inside the outline (0…255). Where one edge
    /// crosses the pixel, the part it cuts off is estimated from its distance to the centre;
    /// where several do (a corner, or a sliver of a panel seen almost edge-on) those estimates
    /// would overlap and a thin sliver could vanish, so the pixel is clipped exactly.
    private func edgeCoverage(at centre: Point, edgeOffsets: UnsafeMutableBufferPointer<Double>) -> UInt32 {
        var uncovered = 0.0, crossing = 0
        for index in edges.indices {
            let inside = edges[index].nx * centre.x + edgeOffsets[index] + 0.5
            if inside < 1 {
                uncovered += 1 - max(inside, 0)
                crossing += 1
            }
        }
        let covered = crossing > 1 ? coveredPart(ofPixelAt: centre).area : max(1 - uncovered, 0)
        return UInt32((covered * 255).rounded())
    }

    /// The part of the pixel square centred at `centre` inside every edge.
    private func coveredPart(ofPixelAt centre: Point) -> (area: Double, centroid: Point) {
        let (x, y) = (centre.x, centre.y)
        let square = [Point(x - 0.5, y - 0.5), Point(x + 0.5, y - 0.5), Point(x + 0.5, y + 0.5), Point(x - 0.5, y + 0.5)]
        let part = edges.reduce(square) { polygon, edge in polygon.clipped { edge.distance(to: $0) } }
        guard part.count >= 3 else { return (0, centre) }
        // The corners' mean: not the exact centroid, but inside the (convex) part.
        let sum = part.reduce(Point(0, 0)) { Point($0.x + $1.x, $0.y + $1.y) }
        return (Panel.signedArea(part), Point(sum.x / Double(part.count), sum.y / Double(part.count)))
    }

    /// Which mipmap levels screen point (x, y) needs: see `levelOfDetail(s:t:reciprocalW:)`.
    private func levelOfDetail(atX x: Float, y: Float) -> Int {
        let m = screenToTexel
        let w = m.g * x + m.h * y + m.i
        guard w > 0 else { return 0 }
        let reciprocal = 1 / w
        return levelOfDetail(s: (m.a * x + m.b * y + m.c) * reciprocal, t: (m.d * x + m.e * y + m.f) * reciprocal,
                             reciprocalW: reciprocal)
    }

    /// log2 of the pixel's footprint in texels (the longer of the distances the texel point moves
    /// per screen pixel along x and along y) over `minifiedFootprint`, in 1/256ths: the level of
    /// detail `MipmappedTexture.trilinear` takes, positive where the panel is minified.
    /// (s, t) is the pixel's texel point and `reciprocalW` 1/w there.
    @inline(__always)
    private func levelOfDetail(s: Float, t: Float, reciprocalW: Float) -> Int {
        let m = screenToTexel
        let dsdx = (m.a - s * m.g) * reciprocalW, dtdx = (m.d - t * m.g) * reciprocalW
        let dsdy = (m.b - s * m.h) * reciprocalW, dtdy = (m.e - t * m.h) * reciprocalW
        let threshold = PreparedPanel.minifiedFootprint
        let squared = max(dsdx * dsdx + dtdx * dtdx, dsdy * dsdy + dtdy * dtdy) * (1 / (threshold * threshold))
        // A positive float's bits less those of 1.0 are 2^23·log2 of it, with the log made
        // piecewise linear between powers of two (exact at them, continuous): shifted by 16 that
        // is 128 steps per doubling of the squared footprint, 256 per doubling of the footprint.
        return (Int(squared.bitPattern) - 0x3F80_0000) >> 16
    }

    /// A panel moved by whole pixels: its pixels are copied (with solid shading), not resampled,
    /// so a still image comes out bit-exact.
    private func copyRows(_ frameRows: Range<Int>, offset: (dx: Int, dy: Int), into frame: UnsafeMutablePointer<UInt32>,
                          frameWidth: Int, texture: UnsafePointer<UInt32>) {
        let region = panel.region
        let firstX = max(region.x + offset.dx, 0), endX = min(region.x + region.width + offset.dx, frameWidth)
        guard firstX < endX else { return }
        let shade = UInt16(truncatingIfNeeded: shadeTable[0])
        let factors = PixelLanes(shade, shade, shade, 255)
        for y in frameRows {
            let sourceY = y - offset.dy
            guard sourceY >= region.y, sourceY < region.y + region.height else { continue }
            let source = texture + sourceY * panel.image.width - offset.dx
            let destination = frame + y * frameWidth
            for x in firstX..<endX {
                let texel = shade == 255 ? source[x] : PixelMath.packed(PixelMath.scale(PixelMath.lanes(source[x]), by: factors))
                destination[x] = PixelMath.over(texel, destination[x])
            }
        }
    }
}
