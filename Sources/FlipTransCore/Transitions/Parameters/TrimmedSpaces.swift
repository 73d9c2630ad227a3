extension StringProtocol {
    /// The text without the spaces and tabs around it (not line breaks), as Foundation's
    /// `trimmingCharacters(in: .whitespaces)` does; FlipTransCore does not import Foundation
    /// (see ProcessInfoCores).
    package var trimmingSpaces: String {
        let isSpace = { (character: Character) in character.isWhitespace && !character.isNewline }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
