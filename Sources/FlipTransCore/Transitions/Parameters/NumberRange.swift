/// The numbers a number parameter accepts: from a lower bound (included or not) up to an upper
/// bound (included), with the unit they are in.
public struct NumberRange: Sendable, Equatable, CustomStringConvertible {
    /// The lower bound, accepted itself only when `includesLower`.
    public let lower: Double
    /// True when `lower` itself is accepted ([lower, upper]); false when only numbers above it are.
    public let includesLower: Bool
    /// The upper bound, always included; may be infinite.
    public let upper: Double
    /// The unit named after the bounds in messages ("pixels", "seconds"); nil for a plain number.
    public let unit: String?

    /// [lower, upper].
    public static func between(_ lower: Double, _ upper: Double, unit: String? = nil) -> NumberRange {
        NumberRange(lower: lower, includesLower: true, upper: upper, unit: unit)
    }

    /// (lower, upper]; `upper` may be infinite.
    public static func above(_ lower: Double, upTo upper: Double = .infinity, unit: String? = nil) -> NumberRange {
        NumberRange(lower: lower, includesLower: false, upper: upper, unit: unit)
    }

    /// True for a finite number within the bounds.
    public func contains(_ value: Double) -> Bool {
        value.isFinite && (includesLower ? value >= lower : value > lower) && value <= upper
    }

    /// "between 0 and 4", "more than 0 pixels", "more than 0 and at most 4".
    public var description: String {
        let unit = self.unit.map { " " + $0 } ?? ""
        let (low, high) = (Self.format(lower), Self.format(upper))
        if includesLower { return "between \(low) and \(high)\(unit)" }
        return upper.isFinite ? "more than \(low) and at most \(high)\(unit)" : "more than \(low)\(unit)"
    }

    /// 4 rather than 4.0; other numbers as Swift writes them.
    package static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
