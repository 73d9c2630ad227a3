/// A number as people write one: digits with perhaps a sign, a point and an exponent (`2`,
/// `-0.5`, `.5`, `1e3`). Swift's own reading also takes hexadecimal (`0x10` is 16), `nan` and
/// `inf`, which no one means by seconds, pixels or a gain.
public enum DecimalNumber {
    /// The number `text` writes in decimals, or nil.
    public static func read(_ text: some StringProtocol) -> Double? {
        guard text.contains(where: \.isASCIIDigit),
              text.allSatisfy({ $0.isASCIIDigit || "+-.eE".contains($0) }) else { return nil }
        return Double(String(text))
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
