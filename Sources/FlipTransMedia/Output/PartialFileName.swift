/// The hidden name of an output's temporary file beside it, `.<name>.<random>.partial` (random:
/// 13 base-36 digits), and how to recognise one. A name holds at most 255 bytes, so for a long
/// output name only its start is kept: the random part keeps temporary names apart.
enum PartialFileName {
    static let suffix = ".partial"
    /// A random UInt64 in base 36 has at most 13 digits; shorter ones are padded with zeros.
    static let randomDigits = 13
    /// The longest file name Linux file systems take, in bytes (NAME_MAX).
    static let longestName = 255
    /// Room left for the output's name: a dot before it, a dot, the digits and the suffix after.
    static let longestOutputPart = longestName - 2 - randomDigits - suffix.utf8.count

    static func make(for outputName: String) -> String {
        var kept = Substring(outputName)
        while kept.utf8.count > longestOutputPart { kept = kept.dropLast() }
        let digits = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        return "." + kept + "." + String(repeating: "0", count: randomDigits - digits.count) + digits + suffix
    }

    /// True for a name `make` could have produced.
    static func matches(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        let random = bytes.count - suffix.utf8.count - randomDigits
        // A dot, at least one byte of the output's name, a dot, the digits, the suffix.
        guard random >= 3, bytes.first == UInt8(ascii: "."), name.hasSuffix(suffix), bytes[random - 1] == UInt8(ascii: ".") else {
            return false
        }
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9"), letters = UInt8(ascii: "a")...UInt8(ascii: "z")
        return bytes[random..<random + randomDigits].allSatisfy { digits.contains($0) || letters.contains($0) }
    }
}
