/// Two points' fractions, as the weights of their bilinear lookups take them: the low 16 bits of
/// each coordinate in every lane of a half, the first point's in lanes 0–3, the second's in 4–7
/// (a weight is its top byte). Stepping a pair of points by the same (Δx, Δy) steps these by the
/// low 16 bits of the step, in wrapping 16-bit adds: the low bits of a sum depend only on the low
/// bits of its terms. A loop over pairs so keeps them in two registers, with one add each, instead
/// of moving four coordinates into lanes for every pair; a loop over one point (a footprint's line
/// of taps in level 0) keeps its fractions in both halves.
struct PairFractions {
    var x: SIMD8<UInt16>, y: SIMD8<UInt16>

    @inline(__always)
    init(x: Int, y: Int, secondX: Int, _ secondY: Int) {
        self.x = SIMD8(lowHalf: PixelLanes(repeating: UInt16(truncatingIfNeeded: x)), highHalf: PixelLanes(repeating: UInt16(truncatingIfNeeded: secondX)))
        self.y = SIMD8(lowHalf: PixelLanes(repeating: UInt16(truncatingIfNeeded: y)), highHalf: PixelLanes(repeating: UInt16(truncatingIfNeeded: secondY)))
    }

    /// Both points moved by `step` (16.16).
    @inline(__always)
    mutating func advance(by step: (x: SIMD8<UInt16>, y: SIMD8<UInt16>)) {
        x &+= step.x
        y &+= step.y
    }

    /// A step of (Δx, Δy) in lanes, for `advance(by:)`.
    @inline(__always)
    static func step(x: Int, y: Int) -> (x: SIMD8<UInt16>, y: SIMD8<UInt16>) {
        (SIMD8(repeating: UInt16(truncatingIfNeeded: x)), SIMD8(repeating: UInt16(truncatingIfNeeded: y)))
    }
}
