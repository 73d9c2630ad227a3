/// Drawing a run of fully covered pixels, the bulk of every panel. Finding a pixel's texel point
/// exactly takes a divide and several float-to-int conversions; along a row the point moves
/// almost linearly, so it is found exactly only every few pixels and stepped with integer adds
/// in between. Before a stretch is stepped, its exact midpoint is compared with the stepped one;
/// where perspective bends the path more than `tolerance`, the stretch is halved, down to
/// single pixels, so the result stays perspective-correct to within that tolerance.
extension PreparedPanel {
    /// The longest stretch stepped between exact points.
    private static let longestStretch = 32
    /// How far (in texels, 16.16) a stepped point may stray from the exact one.
    private static let tolerance = TexelPoint.one / 32

    /// Draws pixels `run` (all fully covered) of the row whose centres are at height `y`.
    func drawCoveredRun(_ run: Range<Int>, y: Float, texture: MipmappedTexture, shades: UnsafeBufferPointer<PixelLanes>,
                        into row: UnsafeMutablePointer<UInt32>) {
        func exactPoint(_ x: Int) -> TexelPoint? { texelPoint(atX: Float(x) + 0.5, y: y) }
        func exactCoordinates(_ x: Int) -> (s: Int, t: Int)? {
            texelCoordinates(atX: Float(x) + 0.5, y: y).map { (TexelPoint.fixed($0.s), TexelPoint.fixed($0.t)) }
        }
        var x = run.lowerBound
        var start = run.isEmpty ? nil : exactPoint(x)
        while x < run.upperBound {
            guard let first = start else {
                // Beyond the horizon: only reachable through rounding at a panel seen edge-on.
                x += 1
                start = x < run.upperBound ? exactPoint(x) : nil
                continue
            }
            // The stretch is chosen by texel coordinates alone (the midpoint test needs no more);
            // only the end finally taken is worked out in full, footprint and all.
            var length = min(PreparedPanel.longestStretch, run.upperBound - 1 - x)
            var endCoordinates = length > 0 ? exactCoordinates(x + length) : nil
            while length > 1 {
                let half = length / 2
                let middle = exactCoordinates(x + half)
                if let endCoordinates, let middle,
                   first.straying(from: middle, stepping: half, of: length, to: endCoordinates) <= PreparedPanel.tolerance {
                    break
                }
                length = half
                endCoordinates = middle
            }
            let end = endCoordinates == nil ? nil : exactPoint(x + length)
            guard let end else {
                composite(first, coverage: 255, texture: texture, shades: shades, over: &row[x])
                x += 1
                start = x < run.upperBound ? exactPoint(x) : nil
                continue
            }
            drawStretch(from: first, to: end, count: length, texture: texture, shades: shades, into: row + x)
            x += length
            start = end
        }
    }

    /// Draws `count` pixels from `pixels` on, stepping from `first` towards `end` (which is the
    /// next pixel's point).
    @inline(__always)
    private func drawStretch(from first: TexelPoint, to end: TexelPoint, count: Int, texture: MipmappedTexture,
                             shades: UnsafeBufferPointer<PixelLanes>, into pixels: UnsafeMutablePointer<UInt32>) {
        let step = first.step(to: end, count: count)
        /// Draws the stretch with `sample`; one loop per kind of sampling and shading keeps each
        /// loop small.
        @inline(__always)
        func draw(sampling sample: (TexelPoint) -> PixelLanes) {
            var point = first
            if shades.count == 1 {
                let factors = shades[0]
                for offset in 0..<count {
                    PreparedPanel.blend(sample(point), scaledBy: factors, over: &pixels[offset])
                    point = point.advanced(by: step)
                }
            } else {
                for offset in 0..<count {
                    PreparedPanel.blend(sample(point), scaledBy: PreparedPanel.shadeFactors(at: point.shade, in: shades),
                                        over: &pixels[offset])
                    point = point.advanced(by: step)
                }
            }
        }
        // Points between two that lie inside the same pair of levels do too: the common case
        // samples without clamping or choosing levels (level −1: magnified, level 0 only — however
        // much: a panel magnified more than twice has a detail below −1 too). A footprint that
        // needs several taps at either end is filtered pixel by pixel from its own sides.
        let level = max(first.detail &>> 16, -1)
        if let colour = texture.uniformColour {
            // Every lookup and every mean of lookups of one colour is that colour, bit for bit.
            draw { _ in colour }
        } else if !first.taps.isSingle || !end.taps.isSingle {
            // Ends that agree on their taps and level, with every tap inside the levels: the
            // pixels between take the same taps, unclamped. Otherwise each pixel works out its own.
            let taps = first.taps
            if taps == end.taps, level == max(end.detail &>> 16, -1),
               texture.footprintIsInterior(first, level: level), texture.footprintIsInterior(end, level: level) {
                let levels = texture.interiorLevels(level)
                draw { MipmappedTexture.filtered(interior: $0, taps: taps, levels: levels) }
            } else {
                draw { texture.filteredOverFootprint($0) }
            }
        } else if level == max(end.detail &>> 16, -1), texture.isInterior(first, level: level), texture.isInterior(end, level: level) {
            if level < 0 {
                let base = texture.base
                draw { base.bilinear(interiorX: $0.s, interiorY: $0.t) }
            } else {
                let levels = texture.interiorLevels(level)
                draw { levels.trilinear($0) }
            }
        } else {
            draw { texture.trilinear($0) }
        }
    }
}
