/// Panels that are the same panel moved sideways by whole pixels: the tiles of a board that turn
/// together. Working out a row — where the outline crosses it, each stretch's exactly projected
/// points, lengths and steps — costs as much for a 240-pixel tile as for a whole frame's width, so
/// a board of eight tiles a row would pay it eight times over; drawn as a group, each row is worked
/// out once, for the first (the leader), and drawn from each member's own texture (`DrawTarget`).
///
/// Members' own geometry, worked out from their own placement, differs from the leader's moved by
/// at most float rounding; a member counts as congruent only where that difference is far below
/// what shows (a millionth of a pixel in the outline, a thousandth of a texel in what it samples;
/// the stepping itself is allowed a thirty-second), so drawing it from the leader's rows changes
/// no more than a last rounding step in rare pixels.
extension [PreparedPanel] {
    /// Marks runs of panels congruent to the one before them among the first `count`: each run's
    /// first panel gets the number that follow it (`congruentFollowers`), which are then drawn with it.
    mutating func groupCongruentPanels(count: Int) {
        var leader = 0
        while leader < count {
            self[leader].congruentFollowers = 0
            var next = leader + 1
            while next < count, self[leader].canLead(self[next], after: self[next - 1]) {
                self[leader].congruentFollowers += 1
                self[next].congruentFollowers = 0
                next += 1
            }
            leader = next
        }
    }
}

extension PreparedPanel {
    /// How far a congruent member's edges, as lines, may lie from the leader's moved (pixels).
    private static let edgeTolerance = 1e-6
    /// How far their normals may differ (a billionth: a millionth of a pixel across 1,000 pixels).
    private static let slopeTolerance = 1e-9
    /// How far the points a member samples may lie from the leader's (16.16 texels: 1/1024).
    private static let texelTolerance = 64

    /// Whether `member`, which comes right after `previous` (this panel or a member of its group),
    /// is this panel moved right by whole pixels, drawn from the same image, sampled and composited alike.
    func canLead(_ member: PreparedPanel, after previous: PreparedPanel) -> Bool {
        let dx = member.panel.region.x - panel.region.x
        // Members lie left to right (`DrawTarget`'s gaps are between neighbours).
        guard copyOffset == nil, member.copyOffset == nil, member.panel.region.x > previous.panel.region.x,
              member.panel.region.y == panel.region.y, member.panel.region.width == panel.region.width,
              member.panel.region.height == panel.region.height, member.rows == rows,
              member.panel.image.sharesPixelStorage(with: panel.image),
              member.shadeTable == shadeTable, member.gradientCoefficients == gradientCoefficients,
              member.edges.count == edges.count, member.panel.hidesWhatLiesUnder == panel.hidesWhatLiesUnder
        else { return false }
        let shift = Double(dx)
        for (own, moved) in zip(edges, member.edges) {
            guard abs(own.nx - moved.nx) <= PreparedPanel.slopeTolerance, abs(own.ny - moved.ny) <= PreparedPanel.slopeTolerance,
                  abs(moved.distance(to: Point(own.from.x + shift, own.from.y)) - own.distance(to: own.from)) <= PreparedPanel.edgeTolerance
            else { return false }
        }
        // A projective map is fixed by four points: the outline's corners sampled alike, with the
        // same footprints, sample alike everywhere between.
        for edge in edges {
            let (x, y) = (Float(edge.from.x), Float(edge.from.y))
            let own = texelPoint(atX: x, y: y), moved = member.texelPoint(atX: x + Float(dx), y: y)
            guard let own, let moved else {
                if own == nil && moved == nil { continue }
                return false
            }
            let tolerance = PreparedPanel.texelTolerance
            guard abs(own.s - moved.s) <= tolerance, abs(own.t - moved.t) <= tolerance,
                  abs(own.dsdx - moved.dsdx) <= tolerance, abs(own.dtdx - moved.dtdx) <= tolerance,
                  abs(own.dsdy - moved.dsdy) <= tolerance, abs(own.dtdy - moved.dtdy) <= tolerance
            else { return false }
        }
        return true
    }
}
