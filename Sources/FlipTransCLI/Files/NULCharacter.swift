import Foundation

/// A NUL character (`\u0000` in JSON, `\0` in YAML) in a job line's or spec's text: C ends a
/// path there, so `clip\u0000-1.mp4` wrote `clip`, which a second job's `clip\u0000-2.webm`
/// overwrote, and no option's value holds one either.
enum NULCharacter {
    /// The key of the first text (or key) in `value` that holds a NUL character, `key` for one
    /// outside any mapping; nil when there is none.
    static func key(in value: Any?, key: String = "") -> String? {
        switch value {
        case let text as String:
            return text.utf8.contains(0) ? key : nil
        case let mapping as [String: Any]:
            for (name, inner) in mapping.sorted(by: { $0.key < $1.key }) {
                if name.utf8.contains(0) { return name }
                if let found = Self.key(in: inner, key: name) { return found }
            }
            return nil
        case let list as [Any]:
            return list.lazy.compactMap { Self.key(in: $0, key: key) }.first
        default:
            return nil
        }
    }

    /// Refuses `value` if it holds a NUL character, naming its key in `context`.
    static func refuse(in value: Any?, context: String) throws {
        guard let key = key(in: value) else { return }
        let named = key.isEmpty ? "" : "key '\(key.replacingOccurrences(of: "\0", with: "\\u0000"))': "
        throw CLIError("\(context): \(named)a NUL character (\\u0000) in its text, which no path or value may hold")
    }
}
