/// A number written with a decimal comma (`1,5`, as German or French write it), which is read
/// nowhere: errors about it say how to write it.
public enum DecimalComma {
    /// `text` (perhaps quoted) written with a point, if it is a number with one decimal comma:
    /// "1,5" → "1.5"; nil for anything else ("0,5,2", "abc").
    public static func pointed(_ text: String) -> String? {
        let bare = text.count > 1 && text.first == "'" && text.last == "'" ? String(text.dropFirst().dropLast()) : text
        guard bare.filter({ $0 == "," }).count == 1, !bare.contains(".") else { return nil }
        let pointed = String(bare.map { $0 == "," ? "." : $0 })
        guard let number = DecimalNumber.read(pointed), number.isFinite, pointed.last != ".", pointed.first != "." else { return nil }
        return pointed
    }

    /// " (write decimals with a point: 1.5)" for a number with a decimal comma, else "".
    public static func hint(for text: String) -> String {
        pointed(text).map { " (write decimals with a point: \($0))" } ?? ""
    }
}
