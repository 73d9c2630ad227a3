/// Panels that meet edge to edge: a fold's hinges and crease, a page's spine.
///
/// Each panel antialiases its own outline, so along a shared edge both panels cover part of the
/// same pixels, and the later one composited over the earlier lets c(1 − c) of whatever lies
/// beneath show through: a faint line of background along the seam. So where a panel drawn later
/// continues an earlier one along a whole edge, the earlier panel's edge is pushed out under the
/// later one and only the later one's edge is antialiased; those pixels then blend the two panels
/// alone. The push is a pixel, or the later panel's thickness beyond the edge where that is less,
/// so the earlier panel never shows past it.
extension [PreparedPanel] {
    func joiningSeams() -> [PreparedPanel] {
        var joined = self
        for earlier in indices {
            for index in self[earlier].edges.indices {
                let edge = self[earlier].edges[index]
                let thicknesses = self[(earlier + 1)...]
                    .filter { $0.edges.contains { $0.runsBack(along: edge) } }
                    .map { later in later.edges.map { -edge.distance(to: $0.from) }.max()! }
                if let thickest = thicknesses.max(), thickest > 0 {
                    joined[earlier].edges[index].pushOut(by: Swift.min(1, thickest))
                }
            }
        }
        return joined
    }
}

extension ScreenEdge {
    /// How far apart (in pixels) two outline corners may be and still be the same point.
    private static let sameCorner = 1e-6

    /// True when this edge runs along `other`'s segment the other way: the edge a panel on the
    /// other side shares with it.
    func runsBack(along other: ScreenEdge) -> Bool {
        func same(_ p: Point, _ q: Point) -> Bool {
            abs(p.x - q.x) <= ScreenEdge.sameCorner && abs(p.y - q.y) <= ScreenEdge.sameCorner
        }
        return same(from, other.to) && same(to, other.from)
    }
}
