import FlipTransCore

/// How a number parameter's range is carried in frei0r's doubles, which hosts keep in [0, 1].
///
/// A bounded range is mapped linearly: x = 0 is the lower bound (or, when the bound itself is
/// refused, as the flip's pullback refuses 0, a thousandth of the range above it), x = 1 the
/// upper. An unbounded range (an eye distance in pixels) is mapped as lower + 1000·x/(1 − x), so
/// x = 0.5 is 1000 above the lower bound and the slider reaches any length; there x = 0, a value
/// the range refuses, means the transition's own default.
public struct UnitMapping: Sendable {
    public let range: NumberRange
    /// The parameter's default; nil when the transition works it out.
    public let defaultValue: Double?

    /// The value of x = 0.5 above the lower bound of an unbounded range.
    static let unboundedScale = 1000.0
    /// x is kept below 1 for an unbounded range, where 1 would be infinite.
    static let unboundedLimit = 0.999

    public init(range: NumberRange, defaultValue: Double?) {
        self.range = range
        self.defaultValue = defaultValue
    }

    /// The value x stands for (x is clamped to [0, 1]); nil for the default the transition works
    /// out, and for NaN, which a host has no business sending (the value is then left as it was).
    public func value(at x: Double) -> Double?? {
        guard !x.isNaN else { return .none }
        let x = min(max(x, 0), 1)
        if range.upper.isFinite {
            let span = range.upper - range.lower
            let value = range.lower + x * span
            return range.contains(value) ? value : range.lower + span / 1000
        }
        guard x > 0 else { return .some(defaultValue) }
        let bounded = min(x, UnitMapping.unboundedLimit)
        return range.lower + UnitMapping.unboundedScale * bounded / (1 - bounded)
    }

    /// The x that stands for `value` (nil: the default the transition works out).
    public func position(of value: Double?) -> Double {
        guard let value = value ?? defaultValue else { return 0 }
        if range.upper.isFinite { return (value - range.lower) / (range.upper - range.lower) }
        let u = (value - range.lower) / UnitMapping.unboundedScale
        return u / (1 + u)
    }

    /// One or two sentences for the plugin's help, whose host shows x: how [0, 1] maps onto the
    /// range the parameter's own help speaks in ("1 is the default look" is x = 0.25 of 0–4).
    public var explanation: String {
        let (lower, upper) = (NumberRange.format(range.lower), NumberRange.format(range.upper))
        if range.upper.isFinite {
            let atDefault = defaultValue.map { ", so its default, \(NumberRange.format($0)), is \(NumberRange.format(position(of: $0)))" } ?? ""
            let refusedLower = range.contains(range.lower) ? ""
                : " Its 0 stands for \(NumberRange.format((value(at: 0) ?? nil) ?? range.lower)), as \(lower) itself is refused."
            return "The values above are on a scale of \(lower)–\(upper), which this plugin's 0–1 maps onto\(atDefault).\(refusedLower)"
        }
        let scale = NumberRange.format(UnitMapping.unboundedScale)
        return "\(zeroMeaning(variable: "x", span: "0–1")) \(offset)\(scale)·x/(1 − x)\(unit), at most \(largest), reached at \(NumberRange.format(UnitMapping.unboundedLimit))."
    }

    /// The same for a slider that shows 1000·x (Kdenlive's, for an unbounded range; x stops at
    /// `unboundedLimit`, so s at 999).
    var explanationPerThousand: String {
        guard !range.upper.isFinite else {
            return "0–1000 maps onto \(NumberRange.format(range.lower))–\(NumberRange.format(range.upper))."
        }
        let scale = NumberRange.format(UnitMapping.unboundedScale)
        let stop = NumberRange.format(UnitMapping.unboundedLimit * UnitMapping.unboundedScale)
        return "\(zeroMeaning(variable: "s", span: "0–1000")) \(offset)\(scale)·s/(\(scale) − s)\(unit), at most \(largest), reached at \(stop)."
    }

    /// The largest value the slider reaches, at `unboundedLimit`.
    private var largest: String {
        NumberRange.format(((value(at: UnitMapping.unboundedLimit) ?? nil) ?? range.lower).rounded()) + unit
    }

    private var unit: String { range.unit.map { " " + $0 } ?? "" }
    private var offset: String { range.lower == 0 ? "" : "\(NumberRange.format(range.lower)) + " }
    private func zeroMeaning(variable: String, span: String) -> String {
        defaultValue == nil ? "0 keeps that default; any other \(variable) in \(span) is" : "\(variable) in \(span) is"
    }
}
