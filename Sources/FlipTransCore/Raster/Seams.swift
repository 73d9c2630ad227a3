/// Panels that meet edge to edge: a fold's hinges and crease, a page's spine.
///
/// Each panel antialiases its own outline, so along a shared edge both panels cover part of the
/// same pixels, and the later one composited over the earlier lets c(1 − c) of whatever lies
/// beneath show through: a faint line of background along the seam. So where a panel drawn later
/// continues an earlier one along a whole edge, the earlier panel's edge is pushed out under the
/// later one and only the later one's edge is antialiased; those pixels then blend the two panels
/// alone. The push is a pixel, or the later panel's thickness beyond the edge where that is less,
/// so the earlier panel never shows past it. Nor past its sides: where the two panels meet at an
/// angle on screen (a fold's hinge seen in perspective), the earlier panel's sides, carried on
/// past the seam, would leave the later one's outline at the seam's ends, so the pushed strip is
/// also kept inside the later panel's sides there.
extension [PreparedPanel] {
    func joiningSeams() -> [PreparedPanel] {
        var joined = self
        var index = EdgeIndex()
        joined.joinSeams(count: count, using: &index)
        return joined
    }

    /// Joins the seams of the first `count` panels in place. `index` is storage kept from call to
    /// call (`FrameRenderer`), so that panels like the last frame's allocate nothing.
    mutating func joinSeams(count: Int, using index: inout EdgeIndex) {
        // A board of tiles has thousands of panels: edges are found by where their corners lie,
        // not by comparing every pair.
        index.file(self, count: count)
        // Each panel's edges are pushed and its confining sides added in its own turn, from its
        // own edges as they were and those of later panels, which are not changed yet.
        for earlier in 0..<count {
            let edgeCount = self[earlier].edges.count
            var pushed = false
            defer { if pushed { self[earlier].widenColumnsToPushedEdges() } }
            for edgeIndex in 0..<edgeCount {
                let edge = self[earlier].edges[edgeIndex]
                index.findPanels(after: earlier, runningBackAlong: edge)
                var thickest: Double?
                for later in index.found {
                    var thickness: Double?
                    for side in self[later].edges {
                        let beyond = -edge.distance(to: side.from)
                        if thickness.map({ beyond > $0 }) ?? true { thickness = beyond }
                    }
                    if let thickness, thickest.map({ thickness > $0 }) ?? true { thickest = thickness }
                }
                guard let thickest, thickest > 0 else { continue }
                self[earlier].edges[edgeIndex].pushOut(by: Swift.min(1, thickest))
                pushed = true
                for later in index.found {
                    let laterPanel = self[later]
                    self[earlier].addSidesConfiningPush(along: edge, under: laterPanel, ownEdges: edgeCount)
                }
            }
        }
    }
}

/// The panels' edges filed by the cells their two corners lie in, to find the panels with an
/// edge running back along a given one without looking at every panel. Its storage is kept from
/// one filing to the next.
struct EdgeIndex {
    /// Cells are 1/1024 pixel: far coarser than `ScreenEdge.sameCorner`, so a corner and any
    /// point that counts as the same lie in the same cell or in neighbouring ones.
    private static let cellsPerPixel = 1024.0

    /// Every panel's edges, with the panel they belong to.
    private var edges: [(panel: Int, edge: ScreenEdge)] = []
    /// The first of `edges` filed under a key, and for each edge the next one under the same key
    /// (a chain per key, in one flat array rather than an array per key).
    private var first: [Int: Int] = [:]
    private var next: [Int] = []
    /// What `findPanels` found last.
    private(set) var found: [Int] = []

    /// Files the edges of the first `count` panels, in place of those filed before.
    mutating func file(_ panels: [PreparedPanel], count: Int) {
        edges.removeAll(keepingCapacity: true)
        for panel in 0..<count {
            for edge in panels[panel].edges { edges.append((panel, edge)) }
        }
        first.removeAll(keepingCapacity: true)
        next.removeAll(keepingCapacity: true)
        next.append(contentsOf: repeatElement(-1, count: edges.count))
        for index in edges.indices.reversed() {
            let edge = edges[index].edge
            let key = Self.key(from: (Self.cell(edge.from.x), Self.cell(edge.from.y)),
                               to: (Self.cell(edge.to.x), Self.cell(edge.to.y)))
            next[index] = first[key] ?? -1
            first[key] = index
        }
    }

    /// Sets `found` to the panels after `earlier` with an edge that `runsBack(along: edge)`,
    /// each once, in order.
    mutating func findPanels(after earlier: Int, runningBackAlong edge: ScreenEdge) {
        // Their `from` is at this edge's `to`, their `to` at its `from`: look in every cell
        // either may lie in.
        found.removeAll(keepingCapacity: true)
        for fromX in Self.cells(near: edge.to.x) {
            for fromY in Self.cells(near: edge.to.y) {
                for toX in Self.cells(near: edge.from.x) {
                    for toY in Self.cells(near: edge.from.y) {
                        var index = first[Self.key(from: (fromX, fromY), to: (toX, toY))] ?? -1
                        while index >= 0 {
                            let entry = edges[index]
                            if entry.panel > earlier, !found.contains(entry.panel), entry.edge.runsBack(along: edge) {
                                found.append(entry.panel)
                            }
                            index = next[index]
                        }
                    }
                }
            }
        }
        found.sort()
    }

    /// One number for the cells of an edge's corners. Different cells may share a key; the
    /// edges filed under it are then told apart by `runsBack`.
    private static func key(from: (x: Int, y: Int), to: (x: Int, y: Int)) -> Int {
        // Large odd multipliers spread cells that differ in any corner over all 64 bits.
        from.x &* -7_046_029_254_386_353_131 ^ from.y &* 4_354_685_564_936_845_319
            ^ to.x &* -4_265_267_296_055_464_877 ^ to.y &* 2_870_177_450_012_600_261
    }

    private static func cell(_ coordinate: Double) -> Int {
        // Outlines are clipped in front of the eye, so corners are finite and within millions of
        // pixels; the clamp only keeps the conversion from trapping.
        Int(min(max((coordinate * cellsPerPixel).rounded(.down), -1e15), 1e15))
    }

    /// The cells of every point as close to `coordinate` as `ScreenEdge.sameCorner`: one, or two
    /// at a cell's border.
    private static func cells(near coordinate: Double) -> ClosedRange<Int> {
        cell(coordinate - ScreenEdge.sameCorner)...cell(coordinate + ScreenEdge.sameCorner)
    }
}

extension PreparedPanel {
    /// Adds to this panel's edges the sides of `later` that meet `seam` (one of this panel's
    /// first `ownEdges` edges, which `later` runs back along) at its ends and hold all of this
    /// panel inside them: this panel's edge pushed out along the seam must stay inside them too,
    /// or its sides, carried on past the seam, would show beyond `later`. A side that cuts
    /// through this panel is left out: there the panels' corners add up to more than a half
    /// turn, and this panel's sides carried on run inside `later` already. So is a side on the
    /// line of one of this panel's own edges, which bounds the panel there already (pushed out
    /// itself, perhaps, under a third panel: a board's neighbouring tiles meet their hinges so, and
    /// the neighbour's side would undo that push).
    mutating func addSidesConfiningPush(along seam: ScreenEdge, under later: PreparedPanel, ownEdges: Int) {
        for side in later.edges {
            guard !side.runsBack(along: seam),
                  side.to.isSameCorner(as: seam.to) || side.from.isSameCorner(as: seam.from),
                  edges[..<ownEdges].allSatisfy({ side.distance(to: $0.from) >= -ScreenEdge.sameCorner }),
                  !edges[..<ownEdges].contains(where: { abs(side.distance(to: $0.from)) <= ScreenEdge.sameCorner
                                                        && abs(side.distance(to: $0.to)) <= ScreenEdge.sameCorner }) else { continue }
            edges.append(side)
        }
    }
}

extension Point {
    /// True when the two outline corners are the same point, within `ScreenEdge.sameCorner`.
    func isSameCorner(as other: Point) -> Bool {
        abs(x - other.x) <= ScreenEdge.sameCorner && abs(y - other.y) <= ScreenEdge.sameCorner
    }
}

extension ScreenEdge {
    /// How far apart (in pixels) two outline corners may be and still be the same point.
    static let sameCorner = 1e-6

    /// True when this edge runs along `other`'s segment the other way: the edge a panel on the
    /// other side shares with it.
    func runsBack(along other: ScreenEdge) -> Bool {
        from.isSameCorner(as: other.to) && to.isSameCorner(as: other.from)
    }
}
