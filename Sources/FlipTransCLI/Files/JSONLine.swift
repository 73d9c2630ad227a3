import Foundation

/// A message between a batch and its worker processes: one JSON object on one line, which JSON
/// keeps one line by escaping the line breaks a value may hold.
protocol JSONLine: Codable {}

extension JSONLine {
    var text: String {
        String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self)
    }

    /// The message `text` holds; nil for text that is none.
    init?(text: String) {
        guard let message = try? JSONDecoder().decode(Self.self, from: Data(text.utf8)) else { return nil }
        self = message
    }
}
