import Glibc

/// One panel worked out for drawing: which rows and pixels it touches, how each screen pixel
/// finds its point in the image, and the shading as 8-bit factors. Built once per frame, then
/// drawn band by band (possibly on several threads), so it holds no mutable state.
struct PreparedPanel: @unchecked Sendable {
    let panel: Panel
    /// Rows of the frame the panel may touch.
    let rows: Range<Int>
    /// Screen → texel coordinates of the region: (x − region.x − ½, y − region.y − ½) for image
    /// point (x, y), so texel centres sit at whole numbers, as every mipmap level samples them.
    let screenToTexel: FloatHomography
    /// The panel's outline on screen (clipped in front of the eye), as half-planes; edges that a
    /// later panel continues are pushed out under it (`joiningSeams`).
    var edges: [ScreenEdge]
    /// When the panel is only moved by whole pixels, its rows are copied, not resampled.
    let copyOffset: (dx: Int, dy: Int)?
    /// What the black overlay multiplies a pixel's lanes by (0…255 in the colour lanes, 255 in
    /// alpha), by gradient position 0…255; one entry when the overlay is solid.
    let shadeTable: [PixelLanes]
    /// Gradient position at texel coordinates (s, t): gu·s + gv·t + g0, in table steps.
    let gradientCoefficients: (gu: Float, gv: Float, g0: Float)

    /// Nil when nothing of the panel can be seen: back face, edge-on, empty, behind the eye or
    /// outside the frame.
    init?(panel: Panel, frame: PixelSize) {
        guard panel.region.width > 0, panel.region.height > 0 else { return nil }
        let imageToScreen = Homography(panel: panel)
        guard let inverse = imageToScreen.inverse else { return nil }
        let outline = PreparedPanel.visibleOutline(of: panel, through: imageToScreen)
        guard outline.count >= 3, Panel.signedArea(outline) > 1e-9 else { return nil }

        // Pixels up to 1.5 pixels outside the outline can be touched: half a pixel of
        // antialiasing, plus up to one where an edge is pushed under a joining panel.
        let reach = 2.0
        let top = max(0, Int(floor(outline.map(\.y).min()! - reach)))
        let bottom = min(frame.height, Int(ceil(outline.map(\.y).max()! + reach)))
        guard top < bottom, outline.contains(where: { $0.x > -reach }),
              outline.contains(where: { $0.x < Double(frame.width) + reach })
        else { return nil }

        self.panel = panel
        rows = top..<bottom
        let origin = (x: Double(panel.region.x) + 0.5, y: Double(panel.region.y) + 0.5)
        screenToTexel = FloatHomography(inverse.shifted(by: -origin.x, -origin.y))
        edges = zip(outline, outline.dropFirst() + outline.prefix(1)).compactMap { ScreenEdge(from: $0, to: $1) }
        copyOffset = panel.shading.gradient == nil ? imageToScreen.wholePixelTranslation : nil
        (shadeTable, gradientCoefficients) = PreparedPanel.shadeLookup(panel.shading, origin: origin)
    }

    /// The panel's corners on screen, after cutting away any part at or behind the eye plane
    /// (only possible with a very short eye distance) and outside its clip. Clockwise for a front
    /// face.
    private static func visibleOutline(of panel: Panel, through h: Homography) -> [Point] {
        let r = panel.region
        let corners = [Point(Double(r.x), Double(r.y)), Point(Double(r.x + r.width), Double(r.y)),
                       Point(Double(r.x + r.width), Double(r.y + r.height)), Point(Double(r.x), Double(r.y + r.height))]
        // w is affine in image coordinates: clip the rectangle to w ≥ minimumWeight in image space.
        let minimumWeight = 1e-3
        let outline = corners.clipped { h.m[6] * $0.x + h.m[7] * $0.y + h.m[8] - minimumWeight }.map { h.apply($0.x, $0.y) }
        guard let clip = panel.clip else { return outline }
        let (left, top) = (Double(clip.x), Double(clip.y))
        let (right, bottom) = (Double(clip.x + clip.width), Double(clip.y + clip.height))
        return outline.clipped { $0.x - left }.clipped { right - $0.x }.clipped { $0.y - top }.clipped { bottom - $0.y }
    }

    private static let shadeSteps = 255

    /// The shade table and the gradient position's coefficients for texel coordinates measured
    /// from image point `origin`.
    private static func shadeLookup(_ shading: Shading, origin: (x: Double, y: Double)) -> ([PixelLanes], (Float, Float, Float)) {
        func multiplier(_ alpha: Double) -> PixelLanes {
            let colour = UInt16((255 * (1 - alpha)).rounded())
            return PixelLanes(colour, colour, colour, 255)
        }
        guard let gradient = shading.gradient else {
            return ([multiplier(shading.opacity)], (0, 0, 0))
        }
        let table = (0...shadeSteps).map {
            multiplier(shading.opacity * gradient.alpha(atPosition: Double($0) / Double(shadeSteps)))
        }
        let dx = gradient.end.x - gradient.start.x, dy = gradient.end.y - gradient.start.y
        let scale = Double(shadeSteps) / max(dx * dx + dy * dy, 1e-12)
        let coefficients = (Float(dx * scale), Float(dy * scale),
                            Float(((origin.x - gradient.start.x) * dx + (origin.y - gradient.start.y) * dy) * scale))
        return (table, coefficients)
    }
}

/// A straight edge of a panel's outline as a half-plane: signed distance in pixels,
/// `nx·X + ny·Y + c`, positive inside.
struct ScreenEdge {
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
