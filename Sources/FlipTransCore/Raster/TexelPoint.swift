/// What a screen pixel samples from a panel: its texel coordinates (s, t), its footprint (how
/// far the point moves per screen pixel along x and along y, and how it is filtered), and its
/// position in the shade table, all in 16.16 fixed point. Being integers, points can be
/// interpolated along a run of pixels with one add per field, with no float conversion.
struct TexelPoint: Equatable {
    static let one = 1 << 16

    /// Texel coordinates of level 0: texel centres are at whole numbers.
    var s: Int, t: Int
    /// log2 of the size of the texels the footprint is sampled in (`Footprint.detail`):
    /// positive where minified, negative where magnified.
    var detail: Int
    /// Position in the panel's shade table, not yet clamped to it.
    var shade: Int
    /// The footprint's sides: how far (s, t) moves per screen pixel along x and along y.
    var dsdx: Int, dtdx: Int, dsdy: Int, dtdy: Int
    /// How many bilinear taps spread along each side filter the footprint (`Footprint.taps`).
    /// Not stepped: a stepped point keeps the first point's.
    var taps: FootprintTaps

    /// A point from float coordinates, footprint sides and shade position, clamped to ±2^20 first
    /// (far beyond any texture; they are clamped again where used) so that the conversion cannot
    /// overflow. The filter is worked out from the sides in fixed point, as it is for stepped points.
    init(s: Float, t: Float, dsdx: Float, dtdx: Float, dsdy: Float, dtdy: Float, shade: Float) {
        let sides = (TexelPoint.fixed(dsdx), TexelPoint.fixed(dtdx), TexelPoint.fixed(dsdy), TexelPoint.fixed(dtdy))
        let footprint = Footprint(dsdx: sides.0, dtdx: sides.1, dsdy: sides.2, dtdy: sides.3)
        self.init(s: TexelPoint.fixed(s), t: TexelPoint.fixed(t), detail: footprint.detail, shade: TexelPoint.fixed(shade),
                  dsdx: sides.0, dtdx: sides.1, dsdy: sides.2, dtdy: sides.3, taps: footprint.taps)
    }

    /// The filter of this point's own footprint sides: for a stepped point, whose `detail` and
    /// `taps` are stepped from or copied off the run's ends.
    var footprint: Footprint {
        Footprint(dsdx: dsdx, dtdx: dtdx, dsdy: dsdy, dtdy: dtdy)
    }

    private init(s: Int, t: Int, detail: Int, shade: Int, dsdx: Int, dtdx: Int, dsdy: Int, dtdy: Int, taps: FootprintTaps) {
        (self.s, self.t, self.detail, self.shade) = (s, t, detail, shade)
        (self.dsdx, self.dtdx, self.dsdy, self.dtdy, self.taps) = (dsdx, dtdx, dsdy, dtdy, taps)
    }

    private static let limit: Float = 1_048_576  // 2^20

    /// `value` in 16.16 fixed point, clamped to ±2^20 first.
    static func fixed(_ value: Float) -> Int {
        Int(min(max(value, -limit), limit) * Float(one))
    }

    /// Whether the points stepped between this one and `end` can all be filtered with this one's
    /// taps in this one's pair of levels: both take one tap each, or the same grid of taps in the
    /// same levels.
    @inline(__always)
    func sharesTaps(with end: TexelPoint) -> Bool {
        (taps.isSingle && end.taps.isSingle) || (taps == end.taps && max(detail &>> 16, -1) == max(end.detail &>> 16, -1))
    }

    /// The step that reaches `end` from `self` in `count` (> 0) equal steps (its `taps` are `self`'s).
    @inline(__always)
    func step(to end: TexelPoint, count: Int) -> TexelPoint {
        // A positive divisor can neither be zero nor overflow: the divisions need no checks.
        guard count > 0 else { preconditionFailure("a stretch of no pixels") }
        return TexelPoint(s: (end.s - s) / count, t: (end.t - t) / count,
                          detail: (end.detail - detail) / count, shade: (end.shade - shade) / count,
                          dsdx: (end.dsdx - dsdx) / count, dtdx: (end.dtdx - dtdx) / count,
                          dsdy: (end.dsdy - dsdy) / count, dtdy: (end.dtdy - dtdy) / count, taps: taps)
    }

    /// `self` advanced by one `step` (its taps unchanged).
    func advanced(by step: TexelPoint) -> TexelPoint {
        // Wrapping arithmetic: points stay within ±2^36, and checks would cost in every pixel.
        TexelPoint(s: s &+ step.s, t: t &+ step.t, detail: detail &+ step.detail, shade: shade &+ step.shade,
                   dsdx: dsdx &+ step.dsdx, dtdx: dtdx &+ step.dtdx, dsdy: dsdy &+ step.dsdy, dtdy: dtdy &+ step.dtdy, taps: taps)
    }

    /// `self` advanced by `step` `times` times over: the same wrapping sums.
    func advanced(by step: TexelPoint, times: Int) -> TexelPoint {
        TexelPoint(s: s &+ step.s &* times, t: t &+ step.t &* times, detail: detail &+ step.detail &* times,
                   shade: shade &+ step.shade &* times, dsdx: dsdx &+ step.dsdx &* times, dtdx: dtdx &+ step.dtdx &* times,
                   dsdy: dsdy &+ step.dsdy &* times, dtdy: dtdy &+ step.dtdy &* times, taps: taps)
    }
}

/// How many bilinear taps filter a footprint along each of its sides: 1 × 1 wherever one tap
/// (bilinear, or trilinear in the mipmap) is enough.
struct FootprintTaps: Equatable {
    let alongX: Int, alongY: Int
    /// Half a cell of the footprint's grid along each side, and 1/(alongX·alongY), as 16.16
    /// reciprocals: worked out once per exactly projected point rather than looked up per pixel.
    /// round(2¹⁶/n) gives the taps' mean rounded for up to 22 taps; for more, that reciprocal is
    /// coarser than half a level of the sum, and the mean is within 0.59 of a level (checked for
    /// every sum in `SamplingKernelTests`). A finer one would need lanes wider than 16 bits.
    let halfCellX: Int, halfCellY: Int, meanScale: Int

    init(alongX: Int, alongY: Int) {
        (self.alongX, self.alongY) = (alongX, alongY)
        halfCellX = FootprintTaps.reciprocal(alongX) >> 1
        halfCellY = FootprintTaps.reciprocal(alongY) >> 1
        meanScale = FootprintTaps.reciprocal(alongX * alongY)
    }

    /// round(2^16 / n). A division each, once per exactly projected point: a table built on
    /// first use would allocate in a frame after the first (which the frei0r plugin must not).
    private static func reciprocal(_ n: Int) -> Int {
        ((1 << 16) + n / 2) / n
    }

    static let single = FootprintTaps(alongX: 1, alongY: 1)

    var isSingle: Bool { alongX == 1 && alongY == 1 }
}
