import FlipTransCore

/// A rasteriser that is small, slow and obviously correct, to judge `Renderer` against.
///
/// A frame pixel is the average of the scene over the pixel's square (a box filter on screen).
/// That average is estimated on an N×N grid of sample points. At each sample point the panels are
/// walked in order (painter's algorithm), each one inverted exactly: the screen point is mapped
/// back onto the panel's image plane, and if it lands inside the panel's region on a face turned
/// to the viewer, the panel's colour there — its texels averaged over the sample's own footprint,
/// darkened by the shading — is composited over what the earlier panels left (or over the
/// background in its place, for a panel that hides what lies under it). Coverage is decided
/// at each sample's centre, so an edge is placed in steps of 1/N pixel. Nothing is shared
/// with the renderer's code but the public scene types: no fixed point, no mipmaps, no edge
/// equations, no seams logic.
struct ReferenceRasterizer {
    /// Sample points per pixel along each axis (N).
    var samplesPerAxis = 8
    /// Points per sample footprint along each axis, averaged to filter the texture (M).
    var footprintPointsPerAxis = 4

    /// Premultiplied RGBA in 0…255, in Double.
    typealias RGBA = (r: Double, g: Double, b: Double, a: Double)

    func render(_ scene: Scene) -> Image {
        let panels = scene.panels.map(InvertedPanel.init), hiding = scene.panels.map(\.hidesWhatLiesUnder)
        let bg = scene.background
        let alpha = Double(bg.alpha) / 255
        // The background, premultiplied exactly (not rounded to bytes first).
        let background: RGBA = (Double(bg.red) * alpha, Double(bg.green) * alpha, Double(bg.blue) * alpha, Double(bg.alpha))
        let n = samplesPerAxis
        var pixels = [UInt8](repeating: 0, count: scene.size.width * scene.size.height * 4)
        for py in 0..<scene.size.height {
            for px in 0..<scene.size.width {
                var sum: RGBA = (0, 0, 0, 0)
                for j in 0..<n {
                    for i in 0..<n {
                        // Sample (i, j) owns the sub-square [x0, x0 + step] × [y0, y0 + step] of
                        // the pixel and sits at its centre.
                        let step = 1 / Double(n)
                        let x0 = Double(px) + Double(i) * step, y0 = Double(py) + Double(j) * step
                        let c = sample(panels, hiding: hiding, background: background, square: (x0, y0, step))
                        sum = (sum.r + c.r, sum.g + c.g, sum.b + c.b, sum.a + c.a)
                    }
                }
                let count = Double(n * n)
                let index = (py * scene.size.width + px) * 4
                for (k, value) in [sum.r, sum.g, sum.b, sum.a].enumerated() {
                    pixels[index + k] = UInt8(min(max((value / count).rounded(), 0), 255))
                }
            }
        }
        return Image(width: scene.size.width, height: scene.size.height, pixels: pixels)
    }

    /// The scene's colour at one sample: the background, then every panel that covers the
    /// sample's centre composited over it, premultiplied source-over: dst ← src + dst·(1 − αsrc),
    /// where dst is the background for a panel that hides what lies under it.
    private func sample(_ panels: [InvertedPanel], hiding: [Bool], background: RGBA, square: (x: Double, y: Double, size: Double)) -> RGBA {
        let (x, y, size) = square
        var colour = background
        for (panel, hides) in zip(panels, hiding) {
            guard panel.facesViewer,
                  let centre = panel.imagePoint(atScreenX: x + size / 2, y: y + size / 2),
                  panel.contains(centre)
            else { continue }
            // The footprint: the sub-square's corners mapped back, clockwise from the top-left.
            // Over a sub-square an eighth of a pixel wide the projective map is affine to far
            // below a texel, so the quad they span is the footprint.
            let corners = [(x, y), (x + size, y), (x + size, y + size), (x, y + size)]
                .compactMap { panel.imagePoint(atScreenX: $0.0, y: $0.1) }
            let source = corners.count == 4 ? panel.averageColour(over: corners, pointsPerAxis: footprintPointsPerAxis)
                                            : panel.shadedColour(at: centre)
            let keep = 1 - source.a / 255
            if hides { colour = background }
            colour = (source.r + colour.r * keep, source.g + colour.g * keep,
                      source.b + colour.b * keep, source.a + colour.a * keep)
        }
        return colour
    }
}

/// A panel's projection, worked out once, with what it takes to run it backwards.
struct InvertedPanel {
    let panel: Panel
    /// The panel's plane in the scene: image point (u, v) goes to origin + u·uAxis + v·vAxis
    /// (the transform is affine and the image lies at z = 0).
    let origin: Vector3, uAxis: Vector3, vAxis: Vector3
    /// Eye distance D and vanishing point o of the perspective.
    let eye: Double, vanishing: Point
    let facesViewer: Bool

    init(_ panel: Panel) {
        self.panel = panel
        origin = panel.transform.apply(Vector3(0, 0, 0))
        let u = panel.transform.apply(Vector3(1, 0, 0)), v = panel.transform.apply(Vector3(0, 1, 0))
        uAxis = Vector3(u.x - origin.x, u.y - origin.y, u.z - origin.z)
        vAxis = Vector3(v.x - origin.x, v.y - origin.y, v.z - origin.z)
        eye = panel.perspective.eyeDistance
        vanishing = panel.perspective.vanishingPoint
        facesViewer = InvertedPanel.facesViewer(panel)
    }

    /// The front face is seen when the region's corners, projected, run clockwise on screen
    /// (y down: positive shoelace area), exactly as `Panel.isFacingViewer` puts it; a panel with
    /// a corner at or behind the eye counts as not facing, as there.
    private static func facesViewer(_ panel: Panel) -> Bool {
        let r = panel.region
        let corners = [(r.x, r.y), (r.x + r.width, r.y), (r.x + r.width, r.y + r.height), (r.x, r.y + r.height)]
        var projected: [Point] = []
        for (x, y) in corners {
            let p = panel.transform.apply(Vector3(Double(x), Double(y), 0))
            let w = 1 - p.z / panel.perspective.eyeDistance
            guard w > 0 else { return false }
            let o = panel.perspective.vanishingPoint
            projected.append(Point(o.x + (p.x - o.x) / w, o.y + (p.y - o.y) / w))
        }
        var twiceArea = 0.0
        for k in 0..<4 {
            let a = projected[k], b = projected[(k + 1) % 4]
            twiceArea += a.x * b.y - b.x * a.y
        }
        return twiceArea > 0
    }

    /// The image point (u, v) that projects to screen point (X, Y), or nil when there is none in
    /// front of the eye.
    ///
    /// The scene point is P = origin + u·uAxis + v·vAxis and projects to X = o.x + (P.x − o.x)/w,
    /// Y = o.y + (P.y − o.y)/w with w = 1 − P.z/D. Multiplying out by w:
    ///     (X − o.x)·(1 − P.z/D) = P.x − o.x,    (Y − o.y)·(1 − P.z/D) = P.y − o.y,
    /// and P is affine in (u, v), so this is a 2×2 linear system in (u, v), solved by Cramer's
    /// rule. Its solution is unique unless the eye's ray through (X, Y) runs along the panel's
    /// plane (edge-on); the point must have w > 0, or it lies behind the eye and is not seen.
    func imagePoint(atScreenX x: Double, y: Double) -> (u: Double, v: Double)? {
        let (a, b) = (x - vanishing.x, y - vanishing.y)
        // Row k of the system: coefficient of u, coefficient of v, right-hand side.
        let a11 = uAxis.x + a * uAxis.z / eye, a12 = vAxis.x + a * vAxis.z / eye
        let r1 = a * (1 - origin.z / eye) - (origin.x - vanishing.x)
        let a21 = uAxis.y + b * uAxis.z / eye, a22 = vAxis.y + b * vAxis.z / eye
        let r2 = b * (1 - origin.z / eye) - (origin.y - vanishing.y)
        let determinant = a11 * a22 - a12 * a21
        guard abs(determinant) > 1e-12 else { return nil }
        let u = (r1 * a22 - a12 * r2) / determinant
        let v = (a11 * r2 - r1 * a21) / determinant
        let w = 1 - (origin.z + u * uAxis.z + v * vAxis.z) / eye
        return w > 0 ? (u, v) : nil
    }

    /// True when image point (u, v) lies in the panel's region (half-open, as pixels are).
    func contains(_ p: (u: Double, v: Double)) -> Bool {
        let r = panel.region
        return p.u >= Double(r.x) && p.u < Double(r.x + r.width) && p.v >= Double(r.y) && p.v < Double(r.y + r.height)
    }

    /// The texel under image point (u, v) — texel (i, j) covers [i, i + 1) × [j, j + 1), the
    /// texture being piecewise constant — clamped to the region (a panel never shows pixels of
    /// its image outside its region), darkened by the shading there.
    ///
    /// The shading is a black overlay of alpha s = opacity·gradient alpha: colour·(1 − s). As in
    /// `Renderer`, alpha is left alone (the overlay covers the panel's own pixels only; for the
    /// opaque images tested here, that is exactly black over the texel).
    func shadedColour(at p: (u: Double, v: Double)) -> ReferenceRasterizer.RGBA {
        let r = panel.region
        let i = min(max(Int(p.u.rounded(.down)), r.x), r.x + r.width - 1)
        let j = min(max(Int(p.v.rounded(.down)), r.y), r.y + r.height - 1)
        let index = (j * panel.image.width + i) * 4
        let pixels = panel.image.pixels
        let keep = 1 - panel.shading.alpha(atX: p.u, y: p.v)
        return (Double(pixels[index]) * keep, Double(pixels[index + 1]) * keep,
                Double(pixels[index + 2]) * keep, Double(pixels[index + 3]))
    }

    /// The shaded texture averaged over the quad with `corners` (image points, in order round
    /// it): an M×M grid of points spread evenly over the quad (bilinearly between its corners),
    /// each taking the texel it lands on. This is a box filter of the texture over the footprint.
    func averageColour(over corners: [(u: Double, v: Double)], pointsPerAxis m: Int) -> ReferenceRasterizer.RGBA {
        var sum: ReferenceRasterizer.RGBA = (0, 0, 0, 0)
        for j in 0..<m {
            for i in 0..<m {
                let (s, t) = ((Double(i) + 0.5) / Double(m), (Double(j) + 0.5) / Double(m))
                // Bilinear blend of the corners: top edge 0→1, bottom edge 3→2.
                let top = (u: corners[0].u * (1 - s) + corners[1].u * s, v: corners[0].v * (1 - s) + corners[1].v * s)
                let bottom = (u: corners[3].u * (1 - s) + corners[2].u * s, v: corners[3].v * (1 - s) + corners[2].v * s)
                let c = shadedColour(at: (top.u * (1 - t) + bottom.u * t, top.v * (1 - t) + bottom.v * t))
                sum = (sum.r + c.r, sum.g + c.g, sum.b + c.b, sum.a + c.a)
            }
        }
        let count = Double(m * m)
        return (sum.r / count, sum.g / count, sum.b / count, sum.a / count)
    }
}
