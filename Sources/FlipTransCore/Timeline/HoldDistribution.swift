/// Holds stretched or shrunk so a show lasts a given number of frames: each hold gets a share of
/// the frames in proportion to its own length (all alike when every hold is 0), rounded so the
/// shares add up exactly (largest remainders get the frames rounding left over).
public enum HoldDistribution {
    /// Splits `total` frames among holds in proportion to `weights` (their lengths in seconds, none
    /// negative): one count for each weight, adding up to `total`. Traps when `total` is negative
    /// or `weights` is empty.
    public static func frames(weights: [Double], total: Int) -> [Int] {
        precondition(total >= 0 && !weights.isEmpty)
        let sum = weights.reduce(0, +)
        let shares = weights.map { sum > 0 ? Double(total) * $0 / sum : Double(total) / Double(weights.count) }
        var frames = shares.map { Int($0.rounded(.down)) }
        let leftOver = total - frames.reduce(0, +)
        // Ties go to the earlier slide, so the result does not depend on sorting's stability.
        let byRemainder = shares.indices.sorted { a, b in
            let (ra, rb) = (shares[a] - Double(frames[a]), shares[b] - Double(frames[b]))
            return ra != rb ? ra > rb : a < b
        }
        for index in byRemainder.prefix(leftOver) { frames[index] += 1 }
        return frames
    }
}
