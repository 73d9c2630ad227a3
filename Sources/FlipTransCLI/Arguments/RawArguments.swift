import Foundation

/// The program's arguments, refused if one is not UTF-8. Swift's `CommandLine.arguments` replaces
/// such bytes with U+FFFD, so a file name holding them would name another file: an existing input
/// could not be found, and an output would be written under a name the user did not give.
enum RawArguments {
    static func checked() throws -> [String] {
        try (1..<Int(CommandLine.argc)).map { index in
            let raw = CommandLine.unsafeArgv[index]!
            guard let text = String(validatingCString: raw) else {
                throw CLIError("\(shown(raw)): file names must be UTF-8")
            }
            return text
        }
    }

    /// The argument as text, with each byte that is not part of a UTF-8 character written `\xFF`.
    static func shown(_ raw: UnsafePointer<CChar>) -> String {
        let bytes = Array(UnsafeBufferPointer(start: raw, count: strlen(raw))).map { UInt8(bitPattern: $0) }
        var text = ""
        var index = 0
        while index < bytes.count {
            // The shortest run of one to four bytes that is a character, else one stray byte.
            let character = (1...4).lazy.filter { index + $0 <= bytes.count }
                .compactMap { String(validating: bytes[index..<index + $0], as: UTF8.self).map { ($0, $0.utf8.count) } }.first
            if let (decoded, length) = character {
                text += decoded
                index += length
            } else {
                text += "\\x" + String(bytes[index], radix: 16, uppercase: true)
                index += 1
            }
        }
        return text
    }
}
