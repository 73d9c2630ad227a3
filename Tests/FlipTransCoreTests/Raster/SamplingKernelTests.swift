import Testing
@testable import FlipTransCore

/// The sampling loops' kernels for points inside the texture against the plain formulas they
/// stand for, on points that reach them: the same bytes, or the renderer's output would change.
struct SamplingKernelTests {
    static let width = 45, height = 29

    /// Every byte pseudo-random, alpha too: the kernels' arithmetic must hold for any bytes.
    static let image: Image = {
        var state: UInt32 = 12_345
        let bytes = (0..<(width * height * 4)).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(state >> 24)
        }
        return Image(width: width, height: height, pixels: bytes)
    }()

    /// Calls `body` with the image's texture and a generator of test points.
    func withTexture(_ body: (MipmappedTexture, inout SplitMix64) -> Void) throws {
        let mipmap = try Mipmap(image: Self.image, region: PixelRect(x: 0, y: 0, width: Self.width, height: Self.height))
        var random = SplitMix64(seed: 7)
        Self.image.withPixels { pixels in
            let base = TextureSampler(texels: pixels.row(0), rowLength: pixels.rowStride, width: Self.width, height: Self.height)
            MipmappedTexture.with(base: base, mipmap: mipmap) { body($0, &random) }
        }
    }

    /// A point of level 0 with its coordinates' fractions (and so the lookups' weights) at random.
    func point(_ random: inout SplitMix64, detail: Int) -> TexelPoint {
        var point = TexelPoint(s: 0, t: 0, dsdx: 1, dtdx: 0, dsdy: 0, dtdy: 1, shade: 0)
        point.s = random.next(below: (Self.width - 1) << 16)
        point.t = random.next(below: (Self.height - 1) << 16)
        point.detail = detail
        return point
    }

    @Test func interiorBilinearIsTheClampedBilinear() throws {
        try withTexture { texture, random in
            for level in texture.levels where level.lastColumn > 0 && level.lastRow > 0 {
                // Every weight across and down, at random texels and fractions below the weight's.
                for weight in 0..<256 {
                    let x = random.next(below: level.lastColumn) << 16 | weight << 8 | random.next(below: 256)
                    let y = random.next(below: level.lastRow) << 16 | (255 - weight) << 8 | random.next(below: 256)
                    #expect(level.isInterior(fixedX: x, fixedY: y))
                    #expect(level.bilinear(interiorX: x, interiorY: y) == level.bilinear(fixedX: x, fixedY: y), "(\(x), \(y))")
                }
            }
        }
    }

    /// Two interior lookups at once (a uniformly shaded level-0 stretch is drawn in pairs) are
    /// each point's own lookup, in lanes 0–3 and 4–7.
    @Test func pairedInteriorBilinearIsEachPointsOwn() throws {
        try withTexture { texture, random in
            let level = texture.base
            for _ in 0..<2000 {
                let (first, second) = (point(&random, detail: 0), point(&random, detail: 0))
                let two = level.interior.bilinear(interiorX: first.s, interiorY: first.t, andX: second.s, second.t)
                let each = (level.bilinear(interiorX: first.s, interiorY: first.t), level.bilinear(interiorX: second.s, interiorY: second.t))
                #expect(two == SIMD8(lowHalf: each.0, highHalf: each.1), "\(first), \(second)")
            }
        }
    }

    /// A loop over pairs of points steps their fractions in lanes (`PairFractions`) beside the
    /// points themselves: after any number of steps, forwards or back, the lanes are the stepped
    /// points' own, and so are the pair's lookups with them.
    @Test func pairFractionsSteppedInLanesAreTheSteppedPointsOwn() throws {
        try withTexture { texture, random in
            let level = texture.base
            for _ in 0..<300 {
                let start = point(&random, detail: 0)
                // A step of up to a texel either way, fractions at random: 20 pairs stay inside.
                let step = (s: random.next(below: 1 << 17) - (1 << 16), t: random.next(below: 1 << 17) - (1 << 16))
                let (s, t) = (start.s, start.t)
                var fractions = PairFractions(x: s, y: t, secondX: s &+ step.s, t &+ step.t)
                let fractionStep = PairFractions.step(x: step.s &<< 1, y: step.t &<< 1)
                for pair in 0..<20 {
                    let (x, y) = (s &+ 2 &* pair &* step.s, t &+ 2 &* pair &* step.t)
                    let expected = PairFractions(x: x, y: y, secondX: x &+ step.s, y &+ step.t)
                    #expect(fractions.x == expected.x && fractions.y == expected.y, "\(start), step \(step), pair \(pair)")
                    if level.isInterior(fixedX: x, fixedY: y), level.isInterior(fixedX: x &+ step.s, fixedY: y &+ step.t) {
                        let two = level.interior.bilinear(interiorX: x, interiorY: y, andX: x &+ step.s, y &+ step.t, fractions: fractions)
                        let each = (level.bilinear(interiorX: x, interiorY: y), level.bilinear(interiorX: x &+ step.s, interiorY: y &+ step.t))
                        #expect(two == SIMD8(lowHalf: each.0, highHalf: each.1), "\(start), step \(step), pair \(pair)")
                    }
                    fractions.advance(by: fractionStep)
                }
            }
        }
    }

    /// Each of the interior lookups, for the points whose level of detail takes it, is the
    /// clamped trilinear lookup.
    @Test func interiorLookupsAreTheClampedTrilinear() throws {
        try withTexture { texture, random in
            // Level −1 (magnified) and each pair of levels whose coarser one has points inside it.
            for level in -1..<(texture.levels.count - 1) where texture.levels[level + 1].lastRow > 0 {
                let levels = texture.interiorLevels(level)
                var sampled: [LevelBlend: Int] = [:]
                while sampled.values.reduce(0, +) < 600 {
                    let fraction = random.next(below: 2) == 0 ? random.next(below: 256) << 8 : random.next(below: 1 << 16)
                    let detail = level < 0 ? -random.next(below: 3 << 16) : level << 16 | fraction
                    let point = point(&random, detail: detail)
                    guard texture.isInterior(point, level: level) else { continue }
                    let blend = levels.blend(at: point)
                    let lookup = switch blend {
                    case .finer: levels.finerBilinear(point)
                    case .both: levels.blended(point)
                    case .coarser: levels.coarserAlone.finerBilinear(point)
                    }
                    #expect(lookup == texture.trilinear(point), "level \(level), \(blend): \(point)")
                    sampled[blend, default: 0] += 1
                }
                #expect(Set(sampled.keys) == (level < 0 ? [.finer] : [.finer, .both, .coarser]), "level \(level): \(sampled)")
            }
        }
    }

    /// A lookup takes the finer level alone up to an eighth of the way to the coarser one, the
    /// coarser alone from seven eighths, and blends them between with a weight rising steadily
    /// from 0 to 256: each against the plain bilinear lookups in the two levels.
    @Test func levelsBlendOnlyAwayFromEachLevelsOwnSize() throws {
        let weights = (0..<256).map { Int(LevelBlend.coarserWeight($0 << 8 | 0xFF)) }
        #expect(weights[..<33].allSatisfy { $0 == 0 } && weights[33] > 0)
        #expect(weights[223] < 256 && weights[224...].allSatisfy { $0 == 256 })
        // Continuous: it rises by at most 2/256 a step of 1/256 in the fraction.
        #expect(zip(weights, weights.dropFirst()).allSatisfy { $1 - $0 >= 0 && $1 - $0 <= 2 })
        try withTexture { texture, random in
            for level in 0..<(texture.levels.count - 1) {
                for fraction in stride(from: 0, to: 1 << 16, by: 1 << 7) {
                    let point = point(&random, detail: level << 16 | fraction)
                    func lookup(_ level: Int) -> PixelLanes {
                        texture.levels[level].bilinear(fixedX: MipmappedTexture.coordinate(point.s, inLevel: level),
                                                       fixedY: MipmappedTexture.coordinate(point.t, inLevel: level))
                    }
                    let weight = weights[fraction >> 8]
                    let expected = weight == 0 ? lookup(level) : weight == 256 ? lookup(level + 1)
                                                : PixelMath.lerp(lookup(level), lookup(level + 1), UInt16(weight))
                    #expect(texture.trilinear(point) == expected, "level \(level), fraction \(fraction)")
                }
            }
        }
    }

    /// A stretch whose level of detail is stepped is drawn in parts, one per band of it that
    /// takes the levels one way: each part's pixels all lie in its band, and the next pixel not.
    @Test func stretchesArePartedWhereTheirLevelOfDetailLeavesABand() {
        var random = SplitMix64(seed: 11)
        for _ in 0..<300 {
            let count = 1 + random.next(below: 600)
            var first = TexelPoint(s: 0, t: 0, dsdx: 1, dtdx: 0, dsdy: 0, dtdy: 1, shade: 0), end = first
            (first.detail, end.detail) = (random.next(below: 6 << 16) - (2 << 16), random.next(below: 6 << 16) - (2 << 16))
            var stepped = SteppedPoint(from: first, middle: (0, 0, 0), to: end, count: count, tolerance: 1)
            var drawn = 0
            while drawn < count {
                let band = LevelBlend.band(around: stepped.point.detail)
                let part = stepped.pixels(whileDetailIn: band.details, atMost: count - drawn)
                for _ in 0..<part {
                    #expect(band.details.contains(stepped.point.detail), "\(first.detail) to \(end.detail) in \(count): pixel \(drawn)")
                    stepped.advance()
                    drawn += 1
                }
                if drawn < count { #expect(!band.details.contains(stepped.point.detail), "pixel \(drawn) ends its part early") }
            }
        }
    }

    /// A loop that steps only s and t along a part moves the point through the part at once
    /// after it: every field where advancing pixel by pixel takes it.
    @Test func movingThroughAPartAtOnceIsAdvancingPixelByPixel() {
        var random = SplitMix64(seed: 13)
        func field() -> Int { random.next(below: 200 << 16) - (100 << 16) }
        for _ in 0..<300 {
            let count = 1 + random.next(below: 600)
            var first = TexelPoint(s: 0, t: 0, dsdx: 1, dtdx: 0, dsdy: 0, dtdy: 1, shade: 0), end = first
            (first.s, first.t, first.shade, first.detail) = (field(), field(), field(), field())
            (first.dsdx, first.dtdx, first.dsdy, first.dtdy) = (field(), field(), field(), field())
            (end.s, end.t, end.shade, end.detail) = (field(), field(), field(), field())
            (end.dsdx, end.dtdx, end.dsdy, end.dtdy) = (field(), field(), field(), field())
            var stepped = SteppedPoint(from: first, middle: (field(), field(), field()), to: end, count: count,
                                       tolerance: 1 + random.next(below: 1 << 14))
            var atOnce = stepped
            var drawn = 0
            while drawn < count {
                let part = stepped.pixelsInPart(atMost: count - drawn, remaining: count - drawn)
                #expect(atOnce.pixelsInPart(atMost: count - drawn, remaining: count - drawn) == part)
                for _ in 0..<part { stepped.advance() }
                atOnce.advance(by: part)
                #expect(atOnce.point == stepped.point, "\(count) pixels, after pixel \(drawn + part)")
                stepped.stepped(part)
                atOnce.stepped(part)
                drawn += part
            }
        }
    }

    /// The mean of a grid of taps, summed in 16-bit lanes and scaled without widening (in level 0
    /// alone with the taps' weights stepped in lanes), against the mean worked out in 32 bits, for
    /// every grid of taps a footprint can take.
    @Test func interiorMeanOfTapsIsTheRoundedMean() throws {
        try withTexture { texture, random in
            for alongX in 1...Footprint.maximumTaps {
                for alongY in 1...(Footprint.maximumTaps / alongX) where alongX * alongY > 1 {
                    let taps = FootprintTaps(alongX: alongX, alongY: alongY)
                    var sampled = 0
                    while sampled < 40 {
                        // Half of them with a coarser level's weight of 0, which skips that level.
                        let level = random.next(below: 3) - 1
                        let fraction = random.next(below: 2) == 0 ? random.next(below: 256) : random.next(below: 1 << 16)
                        var point = point(&random, detail: level << 16 | fraction)
                        (point.dsdx, point.dtdx) = (random.next(below: 6 << 16) - (3 << 16), random.next(below: 6 << 16) - (3 << 16))
                        (point.dsdy, point.dtdy) = (random.next(below: 6 << 16) - (3 << 16), random.next(below: 6 << 16) - (3 << 16))
                        guard texture.footprintIsInterior(point, level: level) else { continue }
                        let filtered = MipmappedTexture.filtered(interior: point, taps: taps, levels: texture.interiorLevels(level))
                        #expect(filtered == plainMean(texture, point, taps), "\(alongX)×\(alongY): \(point)")
                        sampled += 1
                    }
                }
            }
        }
    }

    /// The rounded mean of trilinear taps at the centres of the footprint's alongX × alongY cells.
    func plainMean(_ texture: MipmappedTexture, _ point: TexelPoint, _ taps: FootprintTaps) -> PixelLanes {
        var sum = SIMD4<UInt32>()
        for j in 0..<taps.alongY {
            for i in 0..<taps.alongX {
                let x = 2 * i + 1 - taps.alongX, y = 2 * j + 1 - taps.alongY
                var tap = point
                tap.s = point.s + ((point.dsdx * taps.halfCellX) >> 16) * x + ((point.dsdy * taps.halfCellY) >> 16) * y
                tap.t = point.t + ((point.dtdx * taps.halfCellX) >> 16) * x + ((point.dtdy * taps.halfCellY) >> 16) * y
                let colour = texture.trilinear(tap)
                sum &+= SIMD4(UInt32(colour[0]), UInt32(colour[1]), UInt32(colour[2]), UInt32(colour[3]))
            }
        }
        let mean = (sum &* UInt32(taps.meanScale) &+ (1 << 15)) &>> 16
        return PixelLanes(UInt16(mean[0]), UInt16(mean[1]), UInt16(mean[2]), UInt16(mean[3]))
    }

    /// The shading's scale by 255ths (one high-half multiply) for every byte and factor.
    @Test func scalingBy255thsRoundsToNearest() {
        for factor in 0...255 {
            for byte in stride(from: 0, through: 255, by: 4) {
                let pixel = PixelLanes(UInt16(byte), UInt16(byte + 1), UInt16(byte + 2), UInt16(byte + 3))
                let expected = PixelLanes((0..<4).map { UInt16((Double(Int(pixel[$0]) * factor) / 255).rounded()) })
                #expect(PixelMath.scale(pixel, by: PixelLanes(repeating: UInt16(factor))) == expected, "\(byte) × \(factor)")
            }
        }
    }

    /// The shading of two pixels at once, for every byte and factor: each pixel's own,
    /// packed, and by 255 nothing changes (so a copy with no shade skips it).
    @Test func scalingTwoPixelsIsEachPixelsOwn() {
        for factor in 0...255 {
            for byte in stride(from: 0, through: 255, by: 8) {
                let pixels = SIMD8<UInt16>((0..<8).map { UInt16(byte + $0) })
                let factors = SIMD8<UInt16>((0..<8).map { UInt16(($0 & 1) == 0 ? factor : 255 - factor) })
                let each = [(pixels.lowHalf, factors.lowHalf), (pixels.highHalf, factors.highHalf)].map {
                    PixelMath.packed(PixelMath.scale($0.0, by: $0.1))
                }
                let two = unsafeBitCast(PixelMath.scale(two: pixels, by: factors), to: SIMD2<UInt32>.self)
                #expect(two == SIMD2(each[0], each[1]), "\(byte) × \(factor)")
            }
        }
        let bytes = SIMD8<UInt8>(0, 1, 127, 128, 200, 254, 255, 77)
        #expect(PixelMath.scale(two: bytes, by: SIMD8(repeating: 255)) == bytes)
    }

    /// Source-over for every source alpha (premultiplied channels at or below it): an opaque
    /// source replaces the destination, any other adds the destination's rounded rest.
    @Test func sourceOverIsThePremultipliedFormula() {
        let destination = PixelMath.pack((200, 17, 96, 255))
        for alpha in 0...255 {
            let source = PixelMath.pack((UInt8(alpha), UInt8(alpha / 2), 0, UInt8(alpha)))
            let rest = [200, 17, 96, 255].map { UInt32((Double($0 * (255 - alpha)) / 255).rounded()) }
            let expected = source &+ (rest[0] | rest[1] << 8 | rest[2] << 16 | rest[3] << 24)
            #expect(PixelMath.over(source, destination) == expected, "alpha \(alpha)")
        }
    }

    /// The taps' mean, taken with a 16.16 reciprocal of their count, against the exact mean of
    /// every sum: rounded (within half a level) for up to 22 taps, within 0.59 of a level beyond.
    @Test func theTapsMeanIsWithinItsBound() {
        for count in 2...Footprint.maximumTaps {
            let factor = FootprintTaps(alongX: count, alongY: 1).meanScale
            var worst = 0.0
            for sum in 0...(255 * count) {
                let mean = PixelMath.scaledRounded(PixelLanes(repeating: UInt16(sum)), by: UInt16(factor))[0]
                worst = max(worst, abs(Double(mean) - Double(sum) / Double(count)))
            }
            #expect(worst <= (count <= 22 ? 0.5 : 0.59), "\(count) taps: \(worst)")
        }
    }

    @Test func scalingWithoutWideningIsExact() {
        for count in 2...Footprint.maximumTaps {
            let factor = FootprintTaps(alongX: count, alongY: 1).meanScale
            for sum in stride(from: 0, through: 255 * count, by: 4) {
                let lanes = PixelLanes(UInt16(sum), UInt16(sum + 1), UInt16(sum + 2), UInt16(sum + 3))
                let expected = PixelLanes((0..<4).map { UInt16((Int(lanes[$0]) * factor + (1 << 15)) >> 16) })
                #expect(PixelMath.scaledRounded(lanes, by: UInt16(factor)) == expected, "\(sum) × \(factor)")
            }
        }
    }
}

/// The seeded generator's numbers below `bound`, so the points tested are the same every run.
extension SplitMix64 {
    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
