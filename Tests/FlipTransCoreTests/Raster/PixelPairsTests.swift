import Testing
@testable import FlipTransCore

/// The pair loops (`PreparedPanel.drawInPairs`) against drawing the same stretch one pixel at a
/// time, as the plain loop does: the same bytes for every kind of lookup and shading they take,
/// over pixels of any alpha, or the renderer's output would change.
struct PixelPairsTests {
    /// A stretch's ends and middle at random inside the texture, levels of detail from `details`
    /// and shade positions from `shades` (16.16).
    func stretch(_ random: inout SplitMix64, count: Int, details: Range<Int>, shades: Range<Int>) -> SteppedPoint {
        func point() -> TexelPoint {
            var point = TexelPoint(s: 0, t: 0, dsdx: 1, dtdx: 0, dsdy: 0, dtdy: 1, shade: 0)
            point.s = (4 << 16) + random.next(below: 36 << 16)
            point.t = (4 << 16) + random.next(below: 20 << 16)
            point.detail = details.lowerBound + random.next(below: details.count)
            point.shade = shades.lowerBound + random.next(below: shades.count)
            return point
        }
        let (first, end) = (point(), point())
        // The middle off the chord by up to two texels, so that the stretch is stepped in parts.
        let middle = (s: (first.s + end.s) / 2 + random.next(below: 4 << 16) - (2 << 16),
                      t: (first.t + end.t) / 2 + random.next(below: 4 << 16) - (2 << 16), shade: (first.shade + end.shade) / 2)
        return SteppedPoint(from: first, middle: middle, to: end, count: count, tolerance: 1 << 12)
    }

    /// Draws `count` pixels one at a time from `stepped`, in its parts, with `sample`, each
    /// shaded by the entry of `shades` its shade position picks.
    func drawnOneByOne(_ stepped: SteppedPoint, count: Int, shades: [PixelLanes], over background: [UInt32],
                       _ sample: (TexelPoint) -> PixelLanes) -> (pixels: [UInt32], end: TexelPoint) {
        var pixels = background, point = stepped, offset = 0
        while offset < count {
            let part = offset..<(offset + point.pixelsInPart(atMost: count - offset, remaining: count - offset))
            for pixel in part {
                let factors = shades.withUnsafeBufferPointer { PreparedPanel.shadeFactors(at: point.point.shade, in: $0) }
                PreparedPanel.blend(sample(point.point), scaledBy: factors, over: &pixels[pixel])
                point.advance()
            }
            point.stepped(part.count)
            offset = part.upperBound
        }
        return (pixels, point.point)
    }

    /// Draws them with the pair loop: of one shade (`OneShade`) where `shades` has one entry,
    /// else with the table (`ShadeTable`, through the loop of its own the renderer calls).
    func drawnInPairs<Sampler: PairSampler>(_ stepped: SteppedPoint, count: Int, sampler: Sampler, shades: [PixelLanes],
                                            over background: [UInt32]) -> (pixels: [UInt32], end: TexelPoint) {
        var pixels = background, point = stepped
        pixels.withUnsafeMutableBufferPointer { buffer in
            shades.withUnsafeBufferPointer { table in
                if table.count == 1 {
                    PreparedPanel.drawInPairs(0..<count, of: count, stepping: &point, sampler: sampler, shadedBy: OneShade(factors: table[0]),
                                              into: buffer.baseAddress!)
                } else {
                    point = PreparedPanel.drawInPairs(0..<count, of: count, from: point, sampler: sampler, shadedByTable: table,
                                                      into: buffer.baseAddress!)
                }
            }
        }
        return (pixels, point.point)
    }

    /// Every stretch length from 1 to 40 (odd and even, one part or several), 25 stretches each,
    /// for the level-0 and the blended lookups, each stretch with a shade of its own or a shade
    /// table of its own, its positions running past both ends of the table (which clamps them).
    @Test(arguments: [false, true], [false, true])
    func pairsDrawWhatOnePixelAtATimeDraws(blended: Bool, shadedByTable: Bool) throws {
        try SamplingKernelTests().withTexture { texture, random in
            // Level 0 alone, or levels 1 and 2 blended (λ's fraction within the middle of the octave).
            let level = blended ? 1 : 0
            let levels = texture.interiorLevels(level)
            let details = blended ? (level << 16 | 0x2000)..<(level << 16 | 0xE000) : -(1 << 16)..<0x2000
            for count in 1...40 {
                for _ in 0..<25 {
                    // Shades as `fillShadeTable` makes them: grey, opaque.
                    let shades = (0..<(shadedByTable ? 9 : 1)).map { _ in
                        let grey = UInt16(random.next(below: 256))
                        return PixelLanes(grey, grey, grey, 255)
                    }
                    let stepped = stretch(&random, count: count, details: details, shades: -(2 << 16)..<((shades.count + 2) << 16))
                    let background = (0..<count).map { _ in UInt32(truncatingIfNeeded: random.next(below: 1 << 32)) }
                    let (expected, expectedEnd) = drawnOneByOne(stepped, count: count, shades: shades, over: background) { point in
                        blended ? levels.blended(point) : texture.base.bilinear(interiorX: point.s, interiorY: point.t)
                    }
                    let (pixels, end) = blended
                        ? drawnInPairs(stepped, count: count, sampler: BlendedPairs(levels: levels), shades: shades, over: background)
                        : drawnInPairs(stepped, count: count, sampler: Level0Pairs(texels: texture.base.interior), shades: shades,
                                       over: background)
                    #expect(pixels == expected, "count \(count), from \(stepped.point)")
                    #expect(end == expectedEnd, "count \(count), from \(stepped.point)")
                }
            }
        }
    }

    /// Two blended lookups at once are each point's own, each with its own level of detail.
    @Test func pairedBlendedLookupIsEachPointsOwn() throws {
        try SamplingKernelTests().withTexture { texture, random in
            for level in 0..<2 {
                let levels = texture.interiorLevels(level)
                for _ in 0..<1000 {
                    let s = ((4 << 16) + random.next(below: 36 << 16), (4 << 16) + random.next(below: 36 << 16))
                    let t = ((4 << 16) + random.next(below: 20 << 16), (4 << 16) + random.next(below: 20 << 16))
                    let detail = (level << 16 | (0x2000 + random.next(below: 0xC000)), level << 16 | (0x2000 + random.next(below: 0xC000)))
                    let two = levels.blended(s: s.0, t: t.0, detail: detail.0, andS: s.1, t.1, detail.1)
                    let each = (levels.blended(s: s.0, t: t.0, detail: detail.0), levels.blended(s: s.1, t: t.1, detail: detail.1))
                    #expect(two == SIMD8(lowHalf: each.0, highHalf: each.1), "level \(level): \(s), \(t), \(detail)")
                }
            }
        }
    }
}
