/// A shuffle that a seed decides: the same seed gives the same order on every machine and in
/// every version. Fisher–Yates with `SplitMix64`, written out rather than `shuffled(using:)`,
/// whose algorithm the standard library does not promise to keep. Used for a board's random tile
/// order and a slideshow's `--order shuffle`.
public enum SeededShuffle {
    /// `elements` in an order that `seed` alone decides.
    public static func shuffled<Element>(_ elements: [Element], seed: UInt64) -> [Element] {
        var shuffled = elements
        var random = SplitMix64(seed: seed)
        for index in stride(from: shuffled.count - 1, to: 0, by: -1) {
            // 64 random bits modulo a count far below 2³²: the bias is below 2⁻³².
            shuffled.swapAt(index, Int(random.next() % UInt64(index + 1)))
        }
        return shuffled
    }
}
