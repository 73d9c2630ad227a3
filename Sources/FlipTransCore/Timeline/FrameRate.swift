/// Frames per second as an exact fraction, so NTSC's 30000/1001 (29.97) and 24000/1001 (23.976)
/// are what they are, and frame counts, timestamps and the encoder's time base agree. A whole
/// number is written as one: `fps: 30`.
public struct FrameRate: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// Frames per `denominator` seconds, in lowest terms with the denominator; above 0.
    public let numerator: Int
    /// Seconds that `numerator` frames take, in lowest terms; 1 for whole frames a second.
    public let denominator: Int

    /// `numerator` frames every `denominator` seconds, reduced to lowest terms (60/2 is 30). Traps
    /// unless both are above 0.
    public init(numerator: Int, denominator: Int) {
        precondition(numerator > 0 && denominator > 0, "a frame rate is positive")
        var (a, b) = (numerator, denominator)
        while b != 0 { (a, b) = (b, a % b) }
        (self.numerator, self.denominator) = (numerator / a, denominator / a)
    }

    /// `whole` frames a second. Traps unless it is above 0.
    public init(_ whole: Int) { self.init(numerator: whole, denominator: 1) }
    /// `value` frames a second, so that `fps: 30` reads as a rate. Traps unless it is above 0.
    public init(integerLiteral value: Int) { self.init(value) }

    /// Frames a second as a number, e.g. 29.97002997 for 30000/1001.
    public var perSecond: Double { Double(numerator) / Double(denominator) }

    /// round(seconds × rate), halves away from zero: how many frames a span of time covers. The
    /// product is first rounded to a billionth of a frame, so a decimal that meant a half rounds
    /// as one (2.3 s × 25 is 57.49999999999999 in binary, and 57.5 frames). `seconds` must be
    /// finite and its frames within `Int` (check a user's with `TimelineParameters`).
    public func frames(seconds: Double) -> Int {
        let frames = seconds * Double(numerator) / Double(denominator)
        return Int(((frames * 1e9).rounded() / 1e9).rounded())
    }

    /// The time at which frame `index` starts.
    public func seconds(frames index: Int) -> Double { Double(index) * Double(denominator) / Double(numerator) }

    /// "30", "30000/1001".
    public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }

    /// The NTSC rates by the names they go by: 23.976, 29.97, 59.94, … are N×1000/1001.
    private static let ntsc = [24, 30, 48, 60, 120, 240].map { FrameRate(numerator: $0 * 1000, denominator: 1001) }

    /// A rate from text: a whole number ("25"), a fraction ("30000/1001"), an NTSC rate by its
    /// usual name ("29.97", "23.976", "59.94"), or a decimal ("12.5"); nil when it is none.
    public static func parse(_ text: String) -> FrameRate? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let numerator = Int(parts[0]), let denominator = Int(parts[1]), numerator > 0, denominator > 0,
                  numerator <= 1_000_000, denominator <= 1_000_000 else { return nil }
            return FrameRate(numerator: numerator, denominator: denominator)
        }
        guard parts.count == 1, let value = DecimalNumber.read(text), value.isFinite, value > 0, value <= 1_000_000 else { return nil }
        if let whole = Int(exactly: value) { return FrameRate(whole) }
        let decimals = text.split(separator: ".").last.map(\.count) ?? 0
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        // A rate written to two decimals or more names the NTSC rate that rounds to it (29.97,
        // 23.98, 23.976, 29.97003); any other (29.975) is the decimal it says.
        if decimals >= 2, let named = ntsc.first(where: { abs($0.perSecond - value) <= max(0.5 / scale, 1e-12) }) { return named }
        guard decimals <= 6 else { return nil }
        return FrameRate(numerator: Int((value * scale).rounded()), denominator: Int(scale))
    }
}
