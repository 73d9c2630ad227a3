/// Finds a key that appears twice in one object of a JSON text, which JSONSerialization would
/// quietly resolve to its last value. Keys are compared as JSON reads them, escapes decoded
/// (`"fps"` and `"f\u0070s"` are one key). The text must already be known to be valid JSON.
enum JSONDuplicateKeys {
    /// The first key found twice in one object, if any.
    static func first(in text: String) -> String? {
        /// The open containers: nil for an array; for an object, its keys and whether a key is next.
        var open: [(keys: Set<String>, expectingKey: Bool)?] = []
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"): open.append((keys: [], expectingKey: true))
            case UInt8(ascii: "["): open.append(nil)
            case UInt8(ascii: "}"), UInt8(ascii: "]"): open.removeLast()
            case UInt8(ascii: ","): if open.last??.expectingKey == false { open[open.count - 1]!.expectingKey = true }
            case UInt8(ascii: "\""):
                let (string, end) = readString(bytes, openingQuote: index)
                index = end
                if open.last??.expectingKey == true {
                    if !open[open.count - 1]!.keys.insert(string).inserted { return string }
                    open[open.count - 1]!.expectingKey = false
                }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The string starting at `openingQuote`, decoded, and the index of its closing quote.
    private static func readString(_ bytes: [UInt8], openingQuote: Int) -> (String, Int) {
        var decoded: [UInt8] = []
        var index = openingQuote + 1
        /// The four hex digits after `\u` at `index`.
        func codeUnit(at index: Int) -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            return UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        }
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            guard bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                decoded.append(bytes[index])
                index += 1
                continue
            }
            let escaped = bytes[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"):
                var value = codeUnit(at: index) ?? 0xFFFD
                index += 4
                // A high surrogate followed by `\u` and a low one is one character.
                if (0xD800..<0xDC00).contains(value), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                   bytes[index + 1] == UInt8(ascii: "u"), let low = codeUnit(at: index + 2), (0xDC00..<0xE000).contains(low) {
                    value = 0x10000 + (value - 0xD800) << 10 + (low - 0xDC00)
                    index += 6
                }
                decoded += Array(String(Unicode.Scalar(value).map(Character.init) ?? "\u{FFFD}").utf8)
            default: decoded.append(escaped)
            }
        }
        return (String(decoding: decoded, as: UTF8.self), index)
    }
}
