import Glibc

/// One panel worked out for drawing: which rows and pixels it touches, how each screen pixel
/// finds its point in the image, and the shading as 8-bit factors. Worked out once per frame, then
/// drawn band by band (possibly on several threads), so nothing changes it while it is drawn.
/// `FrameRenderer` works each frame's panels out into the storage of the last frame's.
struct PreparedPanel: @unchecked Sendable {
    private(set) var panel: Panel
    /// Rows of the frame the panel may touch.
    private(set) var rows: Range<Int>
    /// Columns of the frame the panel may touch (from 0; a seam pushed out under a later panel
    /// may take them past the frame's right edge, `widenColumnsToPushedEdges`).
    private(set) var columns: Range<Int>
    /// Screen → texel coordinates of the region: (x − region.x − ½, y − region.y − ½) for image
    /// point (x, y), so texel centres sit at whole numbers, as every mipmap level samples them.
    private(set) var screenToTexel: FloatHomography
    /// The panel's outline on screen (clipped in front of the eye), as half-planes; edges that a
    /// later panel continues are pushed out under it (`joinSeams`).
    var edges: [ScreenEdge]
    /// When the panel is only moved by whole pixels, its rows are copied, not resampled.
    private(set) var copyOffset: (dx: Int, dy: Int)?
    /// What the black overlay multiplies a pixel's lanes by (0…255 in the colour lanes, 255 in
    /// alpha), by gradient position 0…255; one entry when the overlay is solid.
    private(set) var shadeTable: [PixelLanes]
    /// Gradient position at texel coordinates (s, t): gu·s + gv·t + g0, in table steps.
    private(set) var gradientCoefficients: (gu: Float, gv: Float, g0: Float)
    /// How many of the panels right after this one are congruent to it and drawn with it
    /// (`groupCongruentPanels`); 0 until grouped.
    var congruentFollowers = 0

    /// Nil when nothing of the panel can be seen: back face, edge-on, empty, behind the eye or
    /// outside the frame.
    init?(panel: Panel, frame: PixelSize) {
        self.init()
        guard prepare(panel, frame: frame) else { return nil }
    }

    /// Nothing to draw yet: storage for `prepare`.
    init() {
        panel = Panel(image: .empty, perspective: Perspective(eyeDistance: 1, vanishingPoint: Point(0, 0)))
        rows = 0..<0
        columns = 0..<0
        screenToTexel = FloatHomography(Homography(1, 0, 0, 0, 1, 0, 0, 0, 1))
        edges = []
        copyOffset = nil
        shadeTable = []
        gradientCoefficients = (0, 0, 0)
    }

    /// Works `panel` out, in place of whatever this held, keeping the storage of its edges and
    /// shade table. False when nothing of the panel can be seen (see `init(panel:frame:)`); what
    /// this holds is then not to be drawn.
    mutating func prepare(_ panel: Panel, frame: PixelSize) -> Bool {
        // A region reaching past its image (a transition of a library user's own) shows only the
        // part the image has: what lies beyond is nothing to read.
        var panel = panel
        panel.region = panel.region.intersection(PixelRect(x: 0, y: 0, width: panel.image.width, height: panel.image.height))
        guard panel.region.width > 0, panel.region.height > 0 else { return false }
        let imageToScreen = Homography(panel: panel)
        guard let inverse = imageToScreen.inverse else { return false }
        return PreparedPanel.withVisibleOutline(of: panel, through: imageToScreen) { outline in
            guard outline.count >= 3, Panel.signedArea(outline) > 1e-9 else { return false }

            // Pixels up to 1.71 pixels outside the outline can be touched: a pixel's square reaches
            // √2/2 across a diagonal edge (antialiasing), plus up to one where an edge is pushed
            // under a joining panel. 2 is that, rounded up.
            let reach = 2.0
            let top = max(0, Int(floor(outline.lazy.map(\.y).min()! - reach)))
            let bottom = min(frame.height, Int(ceil(outline.lazy.map(\.y).max()! + reach)))
            guard top < bottom, outline.contains(where: { $0.x > -reach }),
                  outline.contains(where: { $0.x < Double(frame.width) + reach })
            else { return false }

            let left = max(0, Int(floor(outline.lazy.map(\.x).min()! - reach)))
            let right = min(frame.width, Int(ceil(outline.lazy.map(\.x).max()! + reach)))

            self.panel = panel
            rows = top..<bottom
            columns = left..<max(left, right)
            congruentFollowers = 0
            let origin = (x: Double(panel.region.x) + 0.5, y: Double(panel.region.y) + 0.5)
            screenToTexel = FloatHomography(inverse.shifted(by: -origin.x, -origin.y))
            edges.removeAll(keepingCapacity: true)
            for (index, corner) in outline.enumerated() {
                if let edge = ScreenEdge(from: corner, to: outline[(index + 1) % outline.count]) { edges.append(edge) }
            }
            copyOffset = panel.shading.gradient == nil ? imageToScreen.wholePixelTranslation : nil
            gradientCoefficients = PreparedPanel.fillShadeTable(&shadeTable, for: panel.shading, origin: origin)
            return true
        }
    }

    /// Widens `columns` to every pixel its edges, some pushed out under later panels
    /// (`joinSeams`), let it touch in `rows`. A push is at most a pixel, but at a sharp corner,
    /// where no side of the later panel confines it, the pushed strip runs along the seam some
    /// pixels past the outline: the damage of a frame (`FrameDamage`) must reach it. A pixel can
    /// be touched where its square reaches inside every edge: where its centre lies within
    /// (|nx| + |ny|)/2 outside each. So the band of `rows` is cut by each edge moved out that
    /// far, and the pixels whose centres lie within its columns are taken.
    mutating func widenColumnsToPushedEdges() {
        let (top, bottom) = (Double(rows.lowerBound), Double(rows.upperBound))
        let band = FourCorners(Point(-1e9, top), Point(1e9, top), Point(1e9, bottom), Point(-1e9, bottom))
        let edges = self.edges, slack = 1e-9
        let reach: (left: Double, right: Double)? = PolygonClipping.withClipped(band, cuts: edges.count, keepingWhere: {
            edges[$0].distance(to: $1) + (abs(edges[$0].nx) + abs(edges[$0].ny)) / 2 + slack
        }) { part in
            guard let first = part.first else { return nil }
            return part.reduce((first.x, first.x)) { (Swift.min($0.0, $1.x), Swift.max($0.1, $1.x)) }
        }
        guard let reach else { return }
        let left = Swift.max(0, Swift.min(columns.lowerBound, Int((reach.left - 0.5 - slack).rounded(.up))))
        columns = left..<Swift.max(columns.upperBound, Int(Swift.min(reach.right - 0.5 + slack, 1e9).rounded(.down)) + 1)
    }

    /// Lets go of the panel's image, so that the image's owner can write its pixels in place
    /// (a second reference would make that copy them); nothing is then to be drawn.
    mutating func releaseImage() {
        panel.image = .empty
    }

    /// Calls `body` with the panel's corners on screen, after cutting away any part at or behind
    /// the eye plane (only possible with a very short eye distance) and outside its clip.
    /// Clockwise for a front face. Worked out in stack memory.
    private static func withVisibleOutline<Result>(of panel: Panel, through h: Homography,
                                                   _ body: (UnsafeBufferPointer<Point>) -> Result) -> Result {
        let r = panel.region
        let corners = FourCorners(Point(Double(r.x), Double(r.y)), Point(Double(r.x + r.width), Double(r.y)),
                                  Point(Double(r.x + r.width), Double(r.y + r.height)), Point(Double(r.x), Double(r.y + r.height)))
        // w is affine in image coordinates: clip the rectangle to w ≥ minimumWeight in image space.
        let minimumWeight = 1e-3
        return PolygonClipping.withClipped(corners, cuts: 1, keepingWhere: { h.m[6] * $1.x + h.m[7] * $1.y + h.m[8] - minimumWeight }) { inFront in
            withUnsafeTemporaryAllocation(of: Point.self, capacity: inFront.count) { outline in
                for (index, corner) in inFront.enumerated() { outline.initializeElement(at: index, to: h.apply(corner.x, corner.y)) }
                guard let clip = panel.clip else { return body(UnsafeBufferPointer(outline)) }
                let (left, top) = (Double(clip.x), Double(clip.y))
                let (right, bottom) = (Double(clip.x + clip.width), Double(clip.y + clip.height))
                return PolygonClipping.withClipped(outline, cuts: 4, keepingWhere: { cut, p in
                    switch cut {
                    case 0: p.x - left
                    case 1: right - p.x
                    case 2: p.y - top
                    default: bottom - p.y
                    }
                }, body)
            }
        }
    }

    private static let shadeSteps = 255

    /// Fills `table` with the shades of `shading` (keeping its storage) and returns the gradient
    /// position's coefficients for texel coordinates measured from image point `origin`.
    private static func fillShadeTable(_ table: inout [PixelLanes], for shading: Shading,
                                       origin: (x: Double, y: Double)) -> (Float, Float, Float) {
        func multiplier(_ alpha: Double) -> PixelLanes {
            let colour = UInt16((255 * (1 - alpha)).rounded())
            return PixelLanes(colour, colour, colour, 255)
        }
        table.removeAll(keepingCapacity: true)
        guard let gradient = shading.gradient else {
            table.append(multiplier(shading.opacity))
            return (0, 0, 0)
        }
        for step in 0...shadeSteps {
            table.append(multiplier(shading.opacity * gradient.alpha(atPosition: Double(step) / Double(shadeSteps))))
        }
        let dx = gradient.end.x - gradient.start.x, dy = gradient.end.y - gradient.start.y
        let scale = Double(shadeSteps) / max(dx * dx + dy * dy, 1e-12)
        return (Float(dx * scale), Float(dy * scale),
                Float(((origin.x - gradient.start.x) * dx + (origin.y - gradient.start.y) * dy) * scale))
    }
}

/// A straight edge of a panel's outline as a half-plane: signed distance in pixels,
/// `nx·X + ny·Y + c`, positive inside.
struct ScreenEdge: Equatable {
    let nx: Double, ny: Double
    private(set) var c: Double
    /// The outline's corners the edge runs between.
    let from: Point, to: Point

    /// Nil for a zero-length edge. Inside is to the right of a→b as the viewer sees it
    /// (clockwise outline with y pointing down).
    init?(from a: Point, to b: Point) {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 1e-12 else { return nil }
        nx = -dy / length
        ny = dx / length
        c = -(nx * a.x + ny * a.y)
        (from, to) = (a, b)
    }

    func distance(to p: Point) -> Double { nx * p.x + ny * p.y + c }

    /// Moves the half-plane's boundary `pixels` outwards.
    mutating func pushOut(by pixels: Double) { c += pixels }
}
