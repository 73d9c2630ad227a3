/// A number as people write one: digits with perhaps a sign, a point and an exponent (`2`,
/// `-0.5`, `.5`, `1e3`). Swift's own reading also takes hexadecimal (`0x10` is 16), `nan` and
/// `inf`, which no one means by seconds, pixels or a gain.
public enum DecimalNumber {
    /// The number `text` writes in decimals, or nil; nil too for one past the largest a double
    /// holds (`1e400`), which would be infinity.
    public static func read(_ text: some StringProtocol) -> Double? {
        guard text.contains(where: \.isASCIIDigit),
              text.allSatisfy({ $0.isASCIIDigit || "+-.eE".contains($0) }),
              let number = Double(String(text)), number.isFinite else { return nil }
        return number
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
