/// Where a paragraph's lines may end, by a small part of Unicode's line breaking rules (UAX #14)
/// that titles and captions need: at spaces, after a zero-width space or a soft hyphen (which
/// then shows as a hyphen), and between Chinese or Japanese characters, which are written
/// without spaces — except before a character that may not start a line (`。`, `」`, `ー`, a
/// small kana) or after one that may not end it (`「`, `（`), as Japanese typesetting (kinsoku)
/// and Chinese keep them.
struct LineBreaks {
    /// The paragraph's characters, runs of spaces made one.
    let characters: [Character]
    /// The offsets into `characters` a line may end at, ascending; the last is the end.
    let positions: [Int]

    init(_ paragraph: String) {
        var characters: [Character] = []
        for character in paragraph where !(character == " " && characters.last == " ") { characters.append(character) }
        self.characters = characters
        var positions: [Int] = []
        for offset in characters.indices.dropFirst() {
            let (before, after) = (characters[offset - 1], characters[offset])
            if after == " " { continue }
            if before == " " || before == Self.zeroWidthSpace || before == Self.softHyphen
                || Self.mayBreak(between: before, and: after, ideographicOnly: true) {
                positions.append(offset)
            }
        }
        positions.append(characters.count)
        self.positions = positions
    }

    /// The line from `start` to the break at `end`: without spaces at its end, its soft hyphens
    /// hidden but the one it breaks at, which shows as `-`.
    func line(from start: Int, to end: Int) -> String {
        var text = String(characters[start..<end].filter { $0 != Self.softHyphen })
        while text.last == " " { text.removeLast() }
        if end < characters.count, characters[end - 1] == Self.softHyphen { text += "-" }
        return text
    }

    /// The offset after `offset`'s spaces: where the next line starts.
    func skippingSpaces(from offset: Int) -> Int {
        var offset = offset
        while offset < characters.count, characters[offset] == " " { offset += 1 }
        return offset
    }

    /// Whether a line may end between `before` and `after`. Between any characters (a word too
    /// wide for a line) unless `ideographicOnly`, then only where one is Chinese or Japanese;
    /// never before a character that may not start a line or after one that may not end it.
    static func mayBreak(between before: Character, and after: Character, ideographicOnly: Bool = false) -> Bool {
        guard !ideographicOnly || isIdeographic(before) || isIdeographic(after) else { return false }
        return !noStart.contains(after) && !noEnd.contains(before)
    }

    private static let zeroWidthSpace: Character = "\u{200B}"
    private static let softHyphen: Character = "\u{AD}"

    /// Chinese characters, kana and the punctuation and full-width forms written among them.
    private static func isIdeographic(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x3000...0x30FF, 0x31F0...0x31FF, 0xFF00...0xFFEF: return true
        default: return scalar.properties.isIdeographic
        }
    }

    /// Closing brackets and quotes, stops and commas, small kana, the long vowel and iteration
    /// marks: a line starting with one looks broken.
    private static let noStart = Set(")]}›»’”、。，．・：；？！゛゜ヽヾゝゞ々〻ー〜～‐゠–"
        + "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
        + "）〕］｝〉》」』】〙〗〟｠，．：；？！％｡｣､･ｰ")
    /// Opening brackets and quotes: a line ending with one looks broken.
    private static let noEnd = Set("([{‹«‘“（〔［｛〈《「『【〘〖〝｟｢")
}
