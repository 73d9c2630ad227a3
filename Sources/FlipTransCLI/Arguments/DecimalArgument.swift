import FlipTransCore

/// Reads a number option's value written in decimals only: `--duration 0x10` is no 16 seconds.
enum DecimalArgument {
    @Sendable static func read(_ text: String) throws -> Double {
        guard let number = DecimalNumber.read(text) else { throw Unreadable(text: text) }
        return number
    }

    /// Said after swift-argument-parser's "The value '…' is invalid for '--duration <seconds>'".
    struct Unreadable: Error, CustomStringConvertible {
        let text: String
        var description: String { "it takes a number" + DecimalComma.hint(for: text) }
    }
}
