import Glibc

/// When each tile of a board turns (docs/tiling.md, "Stagger"). Of n tiles with stagger s over a
/// transition of d seconds, the tile in place k of the order starts at k·s and turns for
///
///     turn = d − (n − 1)·s
///
/// seconds, so the last one finishes exactly at d. At time fraction t its own time fraction is
///
///     clamp((t·d − k·s) / turn, 0, 1)
///
/// which is 0 before it starts, 1 once it has finished, and exactly 1 for the last tile at t = 1.
public struct TileSchedule: Sendable {
    /// Each tile's place in the order, by tile index (row by row).
    public let places: [Int]
    /// The transition's length in seconds.
    public let duration: Double
    /// Seconds from one tile's start to the next one's.
    public let stagger: Double
    /// Seconds each tile takes to turn.
    public let turn: Double

    /// Refuses a stagger that leaves the tiles no time to turn.
    public init(_ tiling: Tiling, duration: Double) throws {
        let sequence = tiling.order.sequence(of: tiling.grid)
        var places = [Int](repeating: 0, count: sequence.count)
        for (place, tile) in sequence.enumerated() { places[tile] = place }
        let turn = duration - Double(sequence.count - 1) * tiling.stagger
        guard turn > 0 else {
            let longest = duration / Double(sequence.count - 1)
            // Four significant digits: "about" when that is not the bound itself (it said "at most"
            // a bound rounded down, and a stagger above that one was taken).
            let scale = pow(10, Double(3 - Int(log10(longest).rounded(.down))))
            let shown = (longest * scale).rounded() / scale
            let bound = (shown == longest ? "" : "about ") + NumberRange.format(shown) + (shown == 1 ? " second" : " seconds")
            throw ParameterError(parameter: "stagger", value: NumberRange.format(tiling.stagger),
                                 expected: "less than \(bound), so that each of \(sequence.count) tiles has time to turn in a \(NumberRange.format(duration))-second transition (it turns for the duration less (tiles − 1) × stagger)")
        }
        self.places = places
        self.duration = duration
        self.stagger = tiling.stagger
        self.turn = turn
    }

    /// Tile `index`'s own time fraction when the transition is at time fraction `t`.
    public func localTime(ofTile index: Int, at t: Double) -> Double {
        // Written as the turn is, so the last tile's numerator equals it exactly at t = 1.
        let local = (t * duration - Double(places[index]) * stagger) / turn
        return min(max(local, 0), 1)
    }
}
