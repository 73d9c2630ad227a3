import Glibc

/// Drawing a run of fully covered pixels, the bulk of every panel. Finding a pixel's texel point
/// exactly takes a divide and several float-to-int conversions; along a row the point moves along
/// a gentle curve, so it is found exactly only at the ends and the middle of each stretch and
/// stepped between them with integer adds along the parabola through those three points
/// (`SteppedPoint`). How far the stepped point strays from the exact one is known in closed form
/// (see `stretchLength`), so each stretch is made as long as `tolerance` allows, up to
/// `longestStretch`, and the result stays perspective-correct to within that tolerance.
extension PreparedPanel {
    /// The longest stretch stepped between exact points.
    static let longestStretch = 256
    /// How far a stepped point may stray from the exact one: in texels, or in pixels where a pixel
    /// spans more than a texel.
    static let tolerance: Float = 1 / 32

    /// Draws pixels `run` (all fully covered) of the row whose centres are at height `y`, for each
    /// target (`DrawTarget`), so that those in columns `window` come out right: a stretch, for a
    /// target, is drawn whole or, where it misses the window, not at all, so its pixels are the
    /// same as when the whole run is drawn. The run's last two pixels are drawn from their own
    /// exact points (see below); `lastPixelsFirst` draws them before the rest, for every target.
    func drawCoveredRun<Targets: DrawTargets>(_ run: Range<Int>, y: Float, window: Range<Int>, targets: Targets,
                        shades: UnsafeBufferPointer<PixelLanes>, into row: UnsafeMutablePointer<UInt32>, lastPixelsFirst: Bool) {
        func exactPoint(_ x: Int) -> TexelPoint? { texelPoint(atX: Float(x) + 0.5, y: y) }
        func draw(_ point: TexelPoint, at x: Int) {
            // Fully covered: the shade alone (scaling it by a coverage of 255 would be exact).
            let factors = PreparedPanel.shadeFactors(at: point.shade, in: shades)
            for index in 0..<targets.count {
                let target = targets[index]
                guard window.contains(x + target.dx) else { continue }
                composite(point, scaledBy: factors, texture: target.texture, over: &row[x + target.dx])
            }
        }
        let m = screenToTexel
        let rowWeight = m.h * y + m.i
        // Where the pixels drawn in order end.
        var drawnEnd = run.upperBound
        if lastPixelsFirst {
            drawnEnd = max(run.lowerBound, run.upperBound - 2)
            for x in drawnEnd..<run.upperBound {
                if let point = exactPoint(x) { draw(point, at: x) }
            }
        }
        var x = run.lowerBound
        var start = x < drawnEnd ? exactPoint(x) : nil
        while x < drawnEnd {
            guard let first = start else {
                // Beyond the horizon: only reachable through rounding at a panel seen edge-on.
                x += 1
                start = x < drawnEnd ? exactPoint(x) : nil
                continue
            }
            // The run's first and last pixels lie at the panel's edge, where the texture is
            // sampled clamped: they get stretches of their own, so that the stretches between
            // take the faster paths for points inside the texture.
            let isEdge = x == run.lowerBound || x == run.upperBound - 2
            var length = isEdge ? min(1, run.upperBound - 1 - x) : min(PreparedPanel.longestStretch, run.upperBound - 2 - x)
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
            // A stretch whose ends need different grids of taps is filtered pixel by pixel, from
            // each pixel's own sides: where that is so, stretches are kept short.
            while length > 1, let last = end, !first.sharesTaps(with: last) {
                length /= 2
                end = exactPoint(x + length)
            }
            guard let end else {
                draw(first, at: x)
                x += 1
                start = x < drawnEnd ? exactPoint(x) : nil
                continue
            }
            if length == 1 {
                draw(first, at: x)
            } else {
                let stepped = SteppedPoint(from: first, middle: middleOfStretch(from: x, count: length, y: y), to: end, count: length,
                                           tolerance: PreparedPanel.partTolerance(from: first))
                for index in 0..<targets.count {
                    let target = targets[index]
                    guard x + target.dx < window.upperBound, x + target.dx + length > window.lowerBound else { continue }
                    drawStretch(stepped, to: end, count: length, texture: target.texture, shades: shades, into: row + x + target.dx)
                }
            }
            x += length
            start = end
        }
    }

    /// The longest stretch, at most `longest` pixels, from the pixel whose exact point is `first`
    /// and whose w is `weight` (w changes by `weightStep` a pixel), along which points stepped
    /// on the parabola through the stretch's exact ends and middle (`SteppedPoint`) stray from
    /// the exact ones by at most `tolerance` of a texel, or of a pixel's footprint where that spans
    /// more than a texel: there the filter averages the texture over the footprint, and an error
    /// in its place matters in proportion to its size.
    ///
    /// Along a row, s = α + β/w with w linear in x (and t likewise), so the parabola's error is β
    /// times that of the parabola through 1/w, whose divided differences are known in closed form:
    /// after k of L steps, with the middle at h = L/2, the stepped point strays from the exact one
    /// by λ·(s′₀, t′₀), where (s′₀, t′₀) is the footprint's side along x at the start and
    ///
    ///     λ = g² · w₀ · k(k − h)(k − L) / (w_h · w_L · w_k)
    ///
    /// (g the step of w): λ pixels' worth of that side, which is M = max(|s′₀|, |t′₀|) texels a
    /// pixel. So the bound is |λ| ≤ tolerance / min(M, 1). With |k(k − h)(k − L)| ≤ L³/(12√3) and
    /// each w at least the smaller end's, writing u = |g|·L/w₀ and q = w₀/|g|, |λ| is at most
    /// q·u³/(12√3) where w grows and q·u³/(12√3·(1 − u)³) where it shrinks: within the bound while
    /// u ≤ r, respectively u ≤ r/(1 + r), with r = ∛(12√3·tolerance/(min(M, 1)·q)).
    @inline(__always)
    static func stretchLength(from first: TexelPoint, weight: Float, weightStep: Float, longest: Int) -> Int {
        let slope = min(Float(max(abs(first.dsdx), abs(first.dtdx))) / Float(TexelPoint.one), 1)
        let growth = abs(weightStep)
        guard slope * growth > 0, weight > 0 else { return longest }
        // Half the tolerance: the other half is for the straight steps along the parabola.
        let r = cbrtf(20.784_61 * (tolerance / 2) * growth / (slope * weight))
        let u = weightStep > 0 ? r : r / (1 + r)
        let length = u * weight / growth
        return length >= Float(longest) ? longest : max(Int(length), 1)
    }

    /// s, t and shade position (16.16) exactly projected halfway between the centres of pixels
    /// x and x + count of the row whose centres are at height y.
    @inline(__always)
    func middleOfStretch(from x: Int, count: Int, y: Float) -> (s: Int, t: Int, shade: Int) {
        // Between ends with w > 0, w is positive too.
        let (s, t, _) = texelCoordinates(atX: Float(x) + 0.5 + Float(count) / 2, y: y) ?? (0, 0, 0)
        let (gu, gv, g0) = gradientCoefficients
        return (TexelPoint.fixed(s), TexelPoint.fixed(t), TexelPoint.fixed(gu * s + gv * t + g0))
    }

    /// How far (16.16 texels) straight steps along a stretch from `first` may stray from its
    /// parabola: the half of `tolerance` that `stretchLength` leaves, less a margin for the steps'
    /// truncation (a unit a pixel) and the exact points' float rounding.
    @inline(__always)
    static func partTolerance(from first: TexelPoint) -> Int {
        // Two-argument maxima: the three-argument one is generic (variadic) and was not inlined.
        max(max(TexelPoint.one, abs(first.dsdx)), abs(first.dtdx)) / 64 &- (longestStretch &+ 32)
    }

    /// Draws `count` pixels from `pixels` on, stepping `stepped` towards `end` (which is the
    /// next pixel's point).
    @inline(__always)
    private func drawStretch(_ stepped: SteppedPoint, to end: TexelPoint, count: Int, texture: MipmappedTexture,
                             shades: UnsafeBufferPointer<PixelLanes>, into pixels: UnsafeMutablePointer<UInt32>) {
        let first = stepped.point
        /// Whether every point stepped lies inside what `isInside` accepts: the stepped s and t lie
        /// within their ends' range widened by the overshoot, so checking the ends moved by it both
        /// ways checks every point between (the texture's inside is a rectangle).
        @inline(__always)
        func steppedPointsAreInside(_ isInside: (TexelPoint) -> Bool) -> Bool {
            func moved(_ point: TexelPoint, _ sign: Int) -> TexelPoint {
                var moved = point
                moved.s &+= sign &* stepped.overshoot.s
                moved.t &+= sign &* stepped.overshoot.t
                return moved
            }
            return isInside(moved(first, -1)) && isInside(moved(first, 1)) && isInside(moved(end, -1)) && isInside(moved(end, 1))
        }
        /// Draws pixels `offsets` of the stretch with `sample`, stepping `point` along; one loop
        /// per kind of sampling and shading keeps each loop small.
        @inline(__always)
        func draw(_ offsets: Range<Int>, stepping point: inout SteppedPoint, sampling sample: (TexelPoint) -> PixelLanes) {
            var offset = offsets.lowerBound
            while offset < offsets.upperBound {
                let part = offset..<(offset &+ point.pixelsInPart(atMost: offsets.upperBound &- offset, remaining: count &- offset))
                if shades.count == 1 {
                    let factors = shades[0]
                    for offset in part {
                        PreparedPanel.blend(sample(point.point), scaledBy: factors, over: &pixels[offset])
                        point.advance()
                    }
                } else {
                    for offset in part {
                        PreparedPanel.blend(sample(point.point), scaledBy: PreparedPanel.shadeFactors(at: point.point.shade, in: shades),
                                            over: &pixels[offset])
                        point.advance()
                    }
                }
                point.stepped(part.count)
                offset = part.upperBound
            }
        }
        var point = stepped
        if let colour = texture.uniformColour {
            // Every lookup and every mean of lookups of one colour is that colour, bit for bit.
            draw(0..<count, stepping: &point) { _ in colour }
        } else if !first.taps.isSingle || !end.taps.isSingle {
            // Ends that agree on their taps and level, with every tap inside the levels: the
            // pixels between take the same taps, unclamped. Otherwise each pixel works out its own
            // filter from its own sides.
            let taps = first.taps, level = max(first.detail &>> 16, -1)
            if first.sharesTaps(with: end), steppedPointsAreInside({ texture.footprintIsInterior($0, level: level) }) {
                let levels = texture.interiorLevels(level)
                draw(0..<count, stepping: &point) { MipmappedTexture.filtered(interior: $0, taps: taps, levels: levels) }
            } else {
                draw(0..<count, stepping: &point) { texture.filteredOverFootprint($0) }
            }
        } else {
            // The level of detail is stepped linearly: the stretch is drawn in parts, one per
            // band of it that takes its levels one way (`LevelBlend.band`). Where every point lies
            // inside those levels (as the common case does), they are sampled without clamping
            // or choosing levels (level −1: magnified, level 0 only — however much: a panel
            // magnified more than twice has a detail below −1 too).
            var drawn = 0
            while drawn < count {
                let band = LevelBlend.band(around: point.point.detail)
                let part = drawn..<(drawn &+ point.pixels(whileDetailIn: band.details, atMost: count &- drawn))
                if steppedPointsAreInside({ texture.isInterior($0, level: band.level) }) {
                    let levels = texture.interiorLevels(band.level)
                    if band.level < 0 || (band.level == 0 && band.blend == .finer) {
                        // Level 0 alone, magnified or not (the commonest band of a card turning
                        // near its own size): lookups straight at the points' own coordinates.
                        let sampler = Level0Pairs(texels: texture.base.interior)
                        if shades.count == 1 {
                            PreparedPanel.drawInPairs(part, of: count, stepping: &point, sampler: sampler, shadedBy: OneShade(factors: shades[0]),
                                                      into: pixels)
                        } else {
                            #if FLIPTRANS_X86_64_V3
                            // One by one in this build: pairs shaded by a table took more time (docs/speed.md).
                            let base = texture.base
                            draw(part, stepping: &point) { base.bilinear(interiorX: $0.s, interiorY: $0.t) }
                            #else
                            point = PreparedPanel.drawInPairs(part, of: count, from: point, sampler: sampler, shadedByTable: shades, into: pixels)
                            #endif
                        }
                    } else if band.blend == .both {
                        // Both levels (most of a card shown smaller than the frame).
                        let sampler = BlendedPairs(levels: levels)
                        if shades.count == 1 {
                            PreparedPanel.drawInPairs(part, of: count, stepping: &point, sampler: sampler, shadedBy: OneShade(factors: shades[0]),
                                                      into: pixels)
                        } else {
                            #if FLIPTRANS_X86_64_V3
                            draw(part, stepping: &point) { levels.blended($0) }
                            #else
                            point = PreparedPanel.drawInPairs(part, of: count, from: point, sampler: sampler, shadedByTable: shades, into: pixels)
                            #endif
                        }
                    } else {
                        let alone = band.blend == .finer ? levels : levels.coarserAlone
                        draw(part, stepping: &point) { alone.finerBilinear($0) }
                    }
                } else {
                    draw(part, stepping: &point) { texture.trilinear($0) }
                }
                drawn = part.upperBound
            }
        }
    }
}
