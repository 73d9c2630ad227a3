/// A viewer at eye distance `eyeDistance` in front of the frame, looking at `vanishingPoint`
/// (Core Animation's m34 = −1/D, CSS `perspective: Dpx` with `perspective-origin`).
///
/// A point (x, y, z) projects to o + (p − o)·D/(D − z). A negative eye distance is reverse
/// perspective: what lifts toward the viewer shrinks instead of growing.
public struct Perspective: Sendable, Equatable {
    /// The eye's distance D in front of the screen, in pixels (CSS `perspective`, −1/m34). Negative
    /// for reverse perspective; must not be 0 (not checked).
    public var eyeDistance: Double
    /// The point o on the screen, in frame pixels, that the eye looks at and that depth pushes
    /// points away from or pulls them toward (CSS `perspective-origin`).
    public var vanishingPoint: Point

    /// A viewer `eyeDistance` pixels in front of the screen (negative: reverse perspective), above
    /// `vanishingPoint`.
    public init(eyeDistance: Double, vanishingPoint: Point) {
        self.eyeDistance = eyeDistance
        self.vanishingPoint = vanishingPoint
    }

    /// The homogeneous weight w = (D − z)/D; the projected point is o + (p − o)/w.
    /// Points with w ≤ 0 are at or behind the eye and cannot be seen.
    public func weight(atDepth z: Double) -> Double {
        1 - z / eyeDistance
    }

    /// The screen point where scene point `p` appears: o + (p − o)/w. Meaningless for a point at or
    /// behind the eye (`weight(atDepth:)` ≤ 0), which the caller must leave out.
    public func project(_ p: Vector3) -> Point {
        let w = weight(atDepth: p.z)
        return Point(vanishingPoint.x + (p.x - vanishingPoint.x) / w,
                     vanishingPoint.y + (p.y - vanishingPoint.y) / w)
    }
}
