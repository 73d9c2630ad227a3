/// What the mean of a grid of taps is taken around (`MipmappedTexture.mean(of:over:_:)`): one
/// point, or two adjacent points whose taps are placed each by its own point's sides and summed
/// in one register of twice the lanes: one loop over the taps for both pixels of a pair.
protocol TapCentres {
    associatedtype Lanes: SIMD where Lanes.Scalar == UInt16
    /// How far the taps lie from each point (16.16 texels, s and t).
    associatedtype Offsets
    /// The step between `taps` taps along each point's side along x (`alongX`) or y, cut into
    /// half cells of `halfCell` (16.16) of it, and the offset of the first tap from the point.
    func spacing(alongX: Bool, halfCell: Int, taps: Int) -> (step: Offsets, first: Offsets)
    static func sum(_ a: Offsets, _ b: Offsets) -> Offsets
    func moved(by offsets: Offsets) -> Self
    /// `PixelMath.scaledRounded(_:by:)` in these lanes.
    static func scaledRounded(_ lanes: Lanes, by factor: UInt16) -> Lanes
}

extension TexelPoint: TapCentres {
    @inline(__always)
    func spacing(alongX: Bool, halfCell: Int, taps: Int) -> (step: (s: Int, t: Int), first: (s: Int, t: Int)) {
        MipmappedTexture.spacing(alongSide: alongX ? (dsdx, dtdx) : (dsdy, dtdy), halfCell: halfCell, taps: taps)
    }

    @inline(__always)
    static func sum(_ a: (s: Int, t: Int), _ b: (s: Int, t: Int)) -> (s: Int, t: Int) { (a.s &+ b.s, a.t &+ b.t) }

    @inline(__always)
    func moved(by offsets: (s: Int, t: Int)) -> TexelPoint {
        var moved = self
        moved.s &+= offsets.s
        moved.t &+= offsets.t
        return moved
    }

    @inline(__always)
    static func scaledRounded(_ lanes: PixelLanes, by factor: UInt16) -> PixelLanes { PixelMath.scaledRounded(lanes, by: factor) }
}

/// Two adjacent points of a stretch, for the mean of both pixels' taps at once.
struct PointPair: TapCentres {
    let first: TexelPoint, second: TexelPoint

    @inline(__always)
    func spacing(alongX: Bool, halfCell: Int, taps: Int) -> (step: (TexelPoint.Offsets, TexelPoint.Offsets),
                                                              first: (TexelPoint.Offsets, TexelPoint.Offsets)) {
        let a = first.spacing(alongX: alongX, halfCell: halfCell, taps: taps)
        let b = second.spacing(alongX: alongX, halfCell: halfCell, taps: taps)
        return ((a.step, b.step), (a.first, b.first))
    }

    @inline(__always)
    static func sum(_ a: (TexelPoint.Offsets, TexelPoint.Offsets), _ b: (TexelPoint.Offsets, TexelPoint.Offsets))
        -> (TexelPoint.Offsets, TexelPoint.Offsets) {
        (TexelPoint.sum(a.0, b.0), TexelPoint.sum(a.1, b.1))
    }

    @inline(__always)
    func moved(by offsets: (TexelPoint.Offsets, TexelPoint.Offsets)) -> PointPair {
        PointPair(first: first.moved(by: offsets.0), second: second.moved(by: offsets.1))
    }

    @inline(__always)
    static func scaledRounded(_ lanes: PixelPairLanes, by factor: UInt16) -> PixelPairLanes {
        PixelMath.scaledRounded(lanes, by: factor)
    }
}
