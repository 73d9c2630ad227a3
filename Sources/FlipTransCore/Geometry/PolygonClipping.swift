/// Clipping a convex polygon by a half-plane: one Sutherland–Hodgman step, corners kept in order.
enum PolygonClipping {
    /// Calls `keep` with each corner of the part of `polygon` where `distance` (affine in the
    /// point) is ≥ 0, in order: at most one corner more than `polygon` has.
    @inline(__always)
    static func clip<Corners: RandomAccessCollection<Point>>(_ polygon: Corners, keepingWhere distance: (Point) -> Double,
                                                            _ keep: (Point) -> Void) {
        guard let first = polygon.first else { return }
        // Each edge from this corner (a) to the next (b), the last closing back to the first.
        var index = polygon.startIndex
        var (a, da) = (first, distance(first))
        while index != polygon.endIndex {
            let nextIndex = polygon.index(after: index)
            let b = nextIndex == polygon.endIndex ? first : polygon[nextIndex]
            let db = distance(b)
            if da >= 0 { keep(a) }
            if (da >= 0) != (db >= 0) {
                let s = da / (da - db)
                keep(Point(a.x + (b.x - a.x) * s, a.y + (b.y - a.y) * s))
            }
            (index, a, da) = (nextIndex, b, db)
        }
    }

    /// `polygon` clipped by each of `cuts` half-planes in turn (cut i keeps where `distance(i, p)`
    /// ≥ 0), worked out in stack memory, not the heap: `body` gets the corners left.
    static func withClipped<Result>(_ polygon: some Collection<Point>, cuts: Int, keepingWhere distance: (Int, Point) -> Double,
                                    _ body: (UnsafeBufferPointer<Point>) -> Result) -> Result {
        // Each cut adds at most one corner; two buffers of the most there can be, cut back and forth.
        let capacity = polygon.count + cuts
        return withUnsafeTemporaryAllocation(of: Point.self, capacity: 2 * capacity) { buffer in
            var current = buffer.baseAddress!, other = current + capacity
            var count = 0
            for corner in polygon {
                current[count] = corner
                count += 1
            }
            for cut in 0..<cuts {
                var kept = 0
                clip(UnsafeBufferPointer(start: current, count: count), keepingWhere: { distance(cut, $0) }) { corner in
                    other[kept] = corner
                    kept += 1
                }
                (current, other, count) = (other, current, kept)
            }
            return body(UnsafeBufferPointer(start: current, count: count))
        }
    }
}

/// A quadrilateral's corners as a collection, held inline rather than in an array's heap
/// storage, to clip.
struct FourCorners: RandomAccessCollection {
    private let corners: (Point, Point, Point, Point)

    init(_ a: Point, _ b: Point, _ c: Point, _ d: Point) {
        corners = (a, b, c, d)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { 4 }

    subscript(index: Int) -> Point {
        switch index {
        case 0: corners.0
        case 1: corners.1
        case 2: corners.2
        default: corners.3
        }
    }
}
