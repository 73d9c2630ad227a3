import Glibc

/// An affine 3D transform with Core Animation's and CSS's conventions
/// (docs/geometry.md, "Transforms").
///
/// Stored as a 4×4 matrix acting on column vectors. Compose with `then`: `a.then(b)` applies
/// `a` first and `b` second, which reads in the order things happen to a point.
public struct Transform3D: Sendable, Equatable {
    /// Row-major 4×4 entries; the bottom row stays (0, 0, 0, 1). A SIMD vector, not an array,
    /// so that making and composing transforms allocates nothing (a frei0r plugin builds its
    /// scenes frame after frame without touching the heap).
    public private(set) var m: SIMD16<Double>

    private init(_ m: SIMD16<Double>) { self.m = m }

    /// The transform that leaves every point where it is.
    public static let identity = Transform3D(SIMD16(1, 0, 0, 0,
                                                     0, 1, 0, 0,
                                                     0, 0, 1, 0,
                                                     0, 0, 0, 1))

    /// A move by (x, y, z) pixels (CSS `translate3d`).
    public static func translation(_ x: Double, _ y: Double, _ z: Double = 0) -> Transform3D {
        Transform3D(SIMD16(1, 0, 0, x,
                            0, 1, 0, y,
                            0, 0, 1, z,
                            0, 0, 0, 1))
    }

    /// A scale by the factors (sx, sy, sz) about the origin (CSS `scale3d`); use `about(_:)` to
    /// scale about another point.
    public static func scale(_ sx: Double, _ sy: Double, _ sz: Double = 1) -> Transform3D {
        Transform3D(SIMD16(sx, 0, 0, 0,
                            0, sy, 0, 0,
                            0, 0, sz, 0,
                            0, 0, 0, 1))
    }

    /// CSS `rotateY(degrees)`: x′ = x·cosθ + z·sinθ, z′ = −x·sinθ + z·cosθ, so a negative angle
    /// brings the right edge toward the viewer.
    public static func rotationY(degrees: Double) -> Transform3D {
        let (s, c) = sinCos(degrees)
        return Transform3D(SIMD16(c, 0, s, 0,
                                   0, 1, 0, 0,
                                   -s, 0, c, 0,
                                   0, 0, 0, 1))
    }

    /// CSS `rotateX(degrees)`: y′ = y·cosθ − z·sinθ, z′ = y·sinθ + z·cosθ (y points down).
    public static func rotationX(degrees: Double) -> Transform3D {
        let (s, c) = sinCos(degrees)
        return Transform3D(SIMD16(1, 0, 0, 0,
                                   0, c, -s, 0,
                                   0, s, c, 0,
                                   0, 0, 0, 1))
    }

    /// CSS `rotateZ(degrees)` (`rotate`), a turn in the picture plane: x′ = x·cosθ − y·sinθ,
    /// y′ = x·sinθ + y·cosθ, so a positive angle turns clockwise on screen (y points down).
    public static func rotationZ(degrees: Double) -> Transform3D {
        let (s, c) = sinCos(degrees)
        return Transform3D(SIMD16(c, -s, 0, 0,
                                   s, c, 0, 0,
                                   0, 0, 1, 0,
                                   0, 0, 0, 1))
    }

    /// This transform performed about `pivot` instead of the origin.
    public func about(_ pivot: Vector3) -> Transform3D {
        Transform3D.translation(-pivot.x, -pivot.y, -pivot.z)
            .then(self)
            .then(.translation(pivot.x, pivot.y, pivot.z))
    }

    /// `self` first, then `next`.
    public func then(_ next: Transform3D) -> Transform3D {
        var product = SIMD16<Double>()
        for row in 0..<4 {
            for column in 0..<4 {
                var sum = 0.0
                for k in 0..<4 { sum += next.m[row * 4 + k] * m[k * 4 + column] }
                product[row * 4 + column] = sum
            }
        }
        return Transform3D(product)
    }

    /// The point `p` transformed (no perspective: that is `Perspective.project(_:)`'s part).
    public func apply(_ p: Vector3) -> Vector3 {
        Vector3(m[0] * p.x + m[1] * p.y + m[2] * p.z + m[3],
                m[4] * p.x + m[5] * p.y + m[6] * p.z + m[7],
                m[8] * p.x + m[9] * p.y + m[10] * p.z + m[11])
    }

    /// Sine and cosine that are exact at multiples of 90°, so a quarter turn leaves no
    /// 1e-16 residue that would flip a visibility test.
    static func sinCos(_ degrees: Double) -> (Double, Double) {
        // Whole turns removed first (exactly: the remainder of two doubles is exact), so that
        // any finite angle, however large, leaves a quarter-turn count that fits an Int.
        let angle = degrees.truncatingRemainder(dividingBy: 360)
        let quarterTurns = angle / 90
        if quarterTurns == quarterTurns.rounded() {
            switch ((Int(quarterTurns) % 4) + 4) % 4 {
            case 0: return (0, 1)
            case 1: return (1, 0)
            case 2: return (0, -1)
            default: return (-1, 0)
            }
        }
        let radians = angle * .pi / 180
        return (sin(radians), cos(radians))
    }
}
