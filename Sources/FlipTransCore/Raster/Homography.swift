/// A 3×3 projective map of the plane, (x, y) ↦ ((a·x + b·y + c)/w, (d·x + e·y + f)/w) with
/// w = g·x + h·y + i. A flat panel seen in perspective is exactly such a map from its image to
/// the screen, which is what makes texture mapping perspective-correct.
struct Homography: Equatable {
    /// Row-major entries a…i (the rest zero): a SIMD vector rather than an array, so that
    /// working one out allocates nothing.
    var m: SIMD16<Double>

    /// The map from a panel's image coordinates to the screen.
    ///
    /// The panel's transform is affine, so its 3D point is affine in (u, v); projecting
    /// X = o.x + (x − o.x)/w with w = 1 − z/D gives X·w = x − o.x·z/D, Y·w = y − o.y·z/D —
    /// all affine in (u, v), hence one homography.
    init(panel: Panel) {
        let t = panel.transform.m
        let d = panel.perspective.eyeDistance
        let o = panel.perspective.vanishingPoint
        // Columns of the transform: x, y, z of the images of the u axis, the v axis, and the origin.
        let (xu, yu, zu) = (t[0], t[4], t[8])
        let (xv, yv, zv) = (t[1], t[5], t[9])
        let (x0, y0, z0) = (t[3], t[7], t[11])
        self.init(xu - o.x * zu / d, xv - o.x * zv / d, x0 - o.x * z0 / d,
                  yu - o.y * zu / d, yv - o.y * zv / d, y0 - o.y * z0 / d,
                  -zu / d, -zv / d, 1 - z0 / d)
    }

    init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double, _ g: Double, _ h: Double, _ i: Double) {
        m = SIMD16(a, b, c, d, e, f, g, h, i, 0, 0, 0, 0, 0, 0, 0)
    }

    func apply(_ x: Double, _ y: Double) -> Point {
        let w = m[6] * x + m[7] * y + m[8]
        return Point((m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w)
    }

    /// The inverse map (adjugate over determinant), or nil when the panel is seen edge-on.
    var inverse: Homography? {
        let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let determinant = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        guard abs(determinant) > 1e-12 else { return nil }
        var adjugate = Homography(e * i - f * h, c * h - b * i, b * f - c * e,
                                  f * g - d * i, a * i - c * g, c * d - a * f,
                                  d * h - e * g, b * g - a * h, a * e - b * d)
        adjugate.m /= determinant
        return adjugate
    }

    /// This map followed by moving its result by (dx, dy).
    func shifted(by dx: Double, _ dy: Double) -> Homography {
        Homography(m[0] + dx * m[6], m[1] + dx * m[7], m[2] + dx * m[8],
                   m[3] + dy * m[6], m[4] + dy * m[7], m[5] + dy * m[8],
                   m[6], m[7], m[8])
    }

    /// The integer offset (dx, dy) when this map is a pure whole-pixel translation, else nil.
    var wholePixelTranslation: (dx: Int, dy: Int)? {
        let tolerance = 1e-9
        let w = m[8]
        guard abs(m[6]) < tolerance, abs(m[7]) < tolerance, w > 0,
              abs(m[0] / w - 1) < tolerance, abs(m[1] / w) < tolerance,
              abs(m[3] / w) < tolerance, abs(m[4] / w - 1) < tolerance else { return nil }
        let dx = m[2] / w, dy = m[5] / w
        guard abs(dx - dx.rounded()) < 1e-6, abs(dy - dy.rounded()) < 1e-6 else { return nil }
        return (Int(dx.rounded()), Int(dy.rounded()))
    }
}

/// A homography's entries a…i in Float, for per-pixel loops: plain fields, so reading them costs
/// no bounds check or reference counting.
struct FloatHomography {
    let a, b, c, d, e, f, g, h, i: Float

    init(_ homography: Homography) {
        let m = SIMD16<Float>(homography.m)
        (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
    }
}
