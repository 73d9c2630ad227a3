/// A shuffle that a seed decides: the same seed gives the same order on every machine and in
/// every version. Fisher–Yates with SplitMix64, written out rather than `shuffled(using:)`, whose
/// algorithm the standard library does not promise to keep. Used for a board's random tile order
/// and a slideshow's `--order shuffle`.
public enum SeededShuffle {
    /// `elements` in an order that `seed` alone decides.
    public static func shuffled<Element>(_ elements: [Element], seed: UInt64) -> [Element] {
        var shuffled = elements
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        for index in stride(from: shuffled.count - 1, to: 0, by: -1) {
            // 64 random bits modulo a count far below 2³²: the bias is below 2⁻³².
            shuffled.swapAt(index, Int(next() % UInt64(index + 1)))
        }
        return shuffled
    }
}
