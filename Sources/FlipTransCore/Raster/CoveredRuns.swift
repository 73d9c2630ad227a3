/// Drawing a run of fully covered pixels, the bulk of every panel. Finding a pixel's texel point
/// exactly takes a divide and several float-to-int conversions; along a row the point moves
/// almost linearly, so it is found exactly only every few pixels and stepped with integer adds
/// in between. How far the stepped point strays from the exact one is known in closed form (see
/// `stretchLength`), so each stretch is made as long as `tolerance` allows, up to
/// `longestStretch`, and the result stays perspective-correct to within that tolerance.
extension PreparedPanel {
    /// The longest stretch stepped between exact points.
    private static let longestStretch = 32
    /// How far a stepped point may stray from the exact one: in texels, or in pixels where a pixel
    /// spans more than a texel.
    static let tolerance: Float = 1 / 32

    /// Draws pixels `run` (all fully covered) of the row whose centres are at height `y`.
    func drawCoveredRun(_ run: Range<Int>, y: Float, texture: MipmappedTexture, shades: UnsafeBufferPointer<PixelLanes>,
                        into row: UnsafeMutablePointer<UInt32>) {
        func exactPoint(_ x: Int) -> TexelPoint? { texelPoint(atX: Float(x) + 0.5, y: y) }
        let m = screenToTexel
        let rowWeight = m.h * y + m.i
        var x = run.lowerBound
        var start = run.isEmpty ? nil : exactPoint(x)
        while x < run.upperBound {
            guard let first = start else {
                // Beyond the horizon: only reachable through rounding at a panel seen edge-on.
                x += 1
                start = x < run.upperBound ? exactPoint(x) : nil
                continue
            }
            var length = min(PreparedPanel.longestStretch, run.upperBound - 1 - x)
            if length > 1 {
                length = PreparedPanel.stretchLength(from: first, weight: m.g * (Float(x) + 0.5) + rowWeight,
                                                     weightStep: m.g, longest: length)
            }
            var end = length > 0 ? exactPoint(x + length) : nil
            // The bound keeps w positive along the stretch; rounding at a horizon may not.
            while end == nil, length > 1 {
                length /= 2
                end = exactPoint(x + length)
            }
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

    /// The longest stretch, at most `longest` pixels, from the pixel whose exact point is `first`
    /// and whose w is `weight` (w changes by `weightStep` a pixel), along which points stepped
    /// linearly to the stretch's exact end stray from the exact ones by at most `tolerance` of a
    /// texel, or of a pixel's footprint where that spans more than a texel: there the filter
    /// averages the texture over the footprint, and an error in its place matters in proportion
    /// to its size.
    ///
    /// Along a row, s = A/w and t = B/w with A, B and w linear in x, so after k of L steps from
    /// w₀ to w_L the stepped point strays from the exact one by λ·(s′₀, t′₀), where (s′₀, t′₀) is the
    /// footprint's side along x at the start and
    ///
    ///     λ = g · w₀ · k(L − k) / (w_k · w_L)
    ///
    /// (g the step of w): λ pixels' worth of that side, which is M = max(|s′₀|, |t′₀|) texels a
    /// pixel. So the bound is |λ| ≤ tolerance / min(M, 1). With k(L − k) ≤ L²/4 and w_k at least the
    /// smaller end's, writing u = |g|·L/w₀ and q = w₀/|g|, |λ| is at most q·u²/(4(1 + u)) where w
    /// grows and q·u²/(4(1 − u)²) where it shrinks: within the bound while u ≤ (c + √(c² + 4c))/2,
    /// respectively u ≤ √c/(1 + √c), with c = 4·tolerance/(min(M, 1)·q).
    @inline(__always)
    static func stretchLength(from first: TexelPoint, weight: Float, weightStep: Float, longest: Int) -> Int {
        let slope = min(Float(max(abs(first.dsdx), abs(first.dtdx))) / Float(TexelPoint.one), 1)
        let growth = abs(weightStep)
        guard slope * growth > 0, weight > 0 else { return longest }
        // Less a margin for the stepping's fixed-point truncation (under a 65536th of a texel a step).
        let c = 4 * (tolerance - Float(longest) / Float(TexelPoint.one)) * growth / (slope * weight)
        let u = weightStep > 0 ? (c + (c * c + 4 * c).squareRoot()) / 2 : c.squareRoot() / (1 + c.squareRoot())
        let length = u * weight / growth
        return length >= Float(longest) ? longest : max(Int(length), 1)
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
