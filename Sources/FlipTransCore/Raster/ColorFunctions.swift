/// CSS's `rgb()` and `hsl()` colour functions (and their aliases `rgba()` and `hsla()`), in both
/// of CSS Color 4's spellings: spaces with an optional `/ alpha` (`rgb(255 128 0 / 50%)`) and
/// commas (`rgb(255, 128, 0, 0.5)`). Values outside their ranges are clamped, as CSS clamps them.
extension Color {
    /// Which function a colour's text calls (`rgba` is `rgb`, `hsla` is `hsl`), or nil when it
    /// calls none; `init?(cssFunction:)` reads its arguments.
    public enum Function: String, Sendable {
        case rgb, hsl

        /// The function `text` calls: its name, any case, followed by `(`.
        public init?(calledBy text: String) {
            let lowered = Color.asciiLowercased(text)
            for function in [Function.rgb, .hsl] where lowered.hasPrefix(function.rawValue + "(") || lowered.hasPrefix(function.rawValue + "a(") {
                self = function
                return
            }
            return nil
        }
    }

    /// Parses `rgb(…)`, `rgba(…)`, `hsl(…)` or `hsla(…)`; nil when `text` is not one of them or
    /// its arguments are not three values and an optional alpha.
    init?(cssFunction text: String) {
        guard let function = Function(calledBy: text), text.hasSuffix(")"),
              let open = text.firstIndex(of: "(") else { return nil }
        guard let arguments = Self.arguments(String(text[text.index(after: open)..<text.index(before: text.endIndex)])) else { return nil }
        let alpha: Double
        if let given = arguments.alpha {
            guard let value = Self.fraction(given, scale: 1) else { return nil }
            alpha = value
        } else {
            alpha = 1
        }
        let channels: (Double, Double, Double)
        switch function {
        case .rgb:
            let values = arguments.values.compactMap { Self.fraction($0, scale: 255) }
            guard values.count == 3 else { return nil }
            channels = (values[0], values[1], values[2])
        case .hsl:
            // Saturation and lightness are percentages; CSS Color 4 also takes bare numbers, meaning the same.
            let percentages = arguments.values.dropFirst().compactMap { Self.fraction($0, scale: 100) }
            guard let hue = Self.degrees(arguments.values[0]), percentages.count == 2 else { return nil }
            channels = Self.rgb(hue: hue, saturation: percentages[0], lightness: percentages[1])
        }
        // CSS rounds to the nearest whole number, halves up. The nudge keeps a half that floating
        // point lands just under (hsl(0 80% 50%)'s green, 0.5 − 0.4 = 0.0999…98, times 255) a half.
        func byte(_ fraction: Double) -> UInt8 { UInt8(min(fraction * 255 + 1e-9, 255).rounded(.toNearestOrAwayFromZero)) }
        self.init(red: byte(channels.0), green: byte(channels.1), blue: byte(channels.2), alpha: byte(alpha))
    }

    /// A function's arguments: three values and the alpha, if given, either all separated by
    /// commas or by spaces with `/` before the alpha.
    private static func arguments(_ inside: String) -> (values: [Substring], alpha: Substring?)? {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        if inside.contains(",") {
            // Each value between its commas, with the blanks around it.
            let parts = inside.split(separator: ",", omittingEmptySubsequences: false).map { part in
                part.drop(while: blank).reversed().drop(while: blank).reversed()
            }.map { Substring(String($0)) }
            guard parts.count == 3 || parts.count == 4, parts.allSatisfy({ !$0.isEmpty && !$0.contains(where: blank) }) else { return nil }
            return (Array(parts.prefix(3)), parts.count == 4 ? parts[3] : nil)
        }
        let halves = inside.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count <= 2 else { return nil }
        let values = halves[0].split(whereSeparator: blank)
        let alpha = halves.count == 2 ? halves[1].split(whereSeparator: blank) : []
        guard values.count == 3, halves.count == 1 || alpha.count == 1 else { return nil }
        return (values, alpha.first)
    }

    /// A number, or a percentage of `scale`, as a fraction of `scale` clamped to 0 … 1.
    private static func fraction(_ text: Substring, scale: Double) -> Double? {
        let (number, unit) = split(text)
        guard let value = number, unit == "" || unit == "%" else { return nil }
        return min(max(unit == "%" ? value / 100 : value / scale, 0), 1)
    }

    /// A hue: degrees, bare or with `deg`, `grad`, `rad` or `turn`; nil where it overflows, as
    /// a number too large to hold is.
    private static func degrees(_ text: Substring) -> Double? {
        let (number, unit) = split(text)
        guard let value = number else { return nil }
        let degrees: Double
        switch Color.asciiLowercased(unit) {
        case "", "deg": degrees = value
        case "grad": degrees = value * 0.9
        case "rad": degrees = value * 180 / .pi
        case "turn": degrees = value * 360
        default: return nil
        }
        return degrees.isFinite ? degrees : nil
    }

    /// A CSS number (optional sign, digits with an optional fraction, an optional exponent) and
    /// the unit after it; the number is nil when there is none or it is not finite.
    private static func split(_ text: Substring) -> (number: Double?, unit: Substring) {
        var end = text.startIndex
        var sawDigit = false
        var previous: Character?
        for character in text {
            let isSign = (character == "+" || character == "-") && (previous == nil || previous == "e" || previous == "E")
            let isExponent = (character == "e" || character == "E") && sawDigit && previous != nil && previous!.isASCII && previous!.isNumber
            guard (character.isASCII && character.isNumber) || character == "." || isSign || isExponent else { break }
            sawDigit = sawDigit || character.isNumber
            previous = character
            end = text.index(after: end)
        }
        // An exponent with no digits after it ("2e", "2e+") belongs to the unit.
        while let last = text[..<end].last, !(last.isASCII && last.isNumber) && last != "." { end = text.index(before: end) }
        let number = Double(String(text[..<end])).flatMap { $0.isFinite ? $0 : nil }
        return (sawDigit ? number : nil, text[end...])
    }

    /// CSS Color 4's HSL to sRGB: `hue` in degrees, saturation and lightness as fractions.
    private static func rgb(hue: Double, saturation: Double, lightness: Double) -> (Double, Double, Double) {
        let turned = hue.truncatingRemainder(dividingBy: 360)
        let hue = turned < 0 ? turned + 360 : turned
        let reach = saturation * min(lightness, 1 - lightness)
        func channel(_ n: Double) -> Double {
            let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            return lightness - reach * max(-1, min(k - 3, 9 - k, 1))
        }
        return (channel(0), channel(8), channel(4))
    }
}
