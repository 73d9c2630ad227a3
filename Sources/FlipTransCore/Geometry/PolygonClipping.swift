extension Array where Element == Point {
    /// The part of this convex polygon where `distance` (affine in the point) is ≥ 0, corners in
    /// the same order (one Sutherland–Hodgman step).
    func clipped(keepingWhere distance: (Point) -> Double) -> [Point] {
        var kept: [Point] = []
        for (a, b) in zip(self, dropFirst() + prefix(1)) {
            let da = distance(a), db = distance(b)
            if da >= 0 { kept.append(a) }
            if (da >= 0) != (db >= 0) {
                let s = da / (da - db)
                kept.append(Point(a.x + (b.x - a.x) * s, a.y + (b.y - a.y) * s))
            }
        }
        return kept
    }
}
