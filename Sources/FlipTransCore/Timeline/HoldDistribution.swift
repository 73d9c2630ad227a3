/// Holds stretched or shrunk so a show lasts a given number of frames: each hold gets a share of
/// the frames in proportion to its own length (all alike when every hold is 0). Each hold ends on
/// the frame nearest where its share would end it, so the shares add up exactly and every slide
/// changes within half a frame of its time: the frames rounding leaves over are spread through
/// the show (given to the earliest slides, 100 slides of 200 ran 17 frames and the rest 16, the
/// middle slide changing 1.7 s late).
public enum HoldDistribution {
    /// Splits `total` frames among holds in proportion to `weights` (their lengths in seconds, none
    /// negative): one count for each weight, adding up to `total`. Traps when `total` is negative
    /// or `weights` is empty.
    public static func frames(weights: [Double], total: Int) -> [Int] {
        precondition(total >= 0 && !weights.isEmpty)
        // Scaled to the largest, so that no sum of them overflows.
        let largest = weights.max() ?? 0
        let weights = largest > 0 ? weights.map { $0 / largest } : weights
        let sum = weights.reduce(0, +)
        var before = 0.0, endedOn = 0
        return weights.indices.map { index in
            before += sum > 0 ? weights[index] : 1
            let end = index == weights.count - 1 ? total : Int((Double(total) * before / (sum > 0 ? sum : Double(weights.count))).rounded())
            defer { endedOn = end }
            return end - endedOn
        }
    }
}
