import FlipTransCLI
import FlipTransCore

/// Damages a valid spec or job file the ways text goes wrong and the ways a hostile file lies:
/// byte damage (`Mutator`), lines duplicated, deleted or swapped, keys renamed (to other options,
/// typos, built-in flags, keys that are not option names), values replaced by hostile ones (huge,
/// negative, NaN and infinite numbers, long strings, control characters, invalid UTF-8, YAML tags),
/// deep nesting, YAML anchors, aliases and merge keys up to "billion laughs", and other line
/// endings and document markers. Works on bytes, so that earlier damage survives later steps.
enum TextMutator {
    static func mutate(_ seed: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        var bytes = seed
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            // Weighted so that most cases stay valid UTF-8 and valid YAML or JSON for long enough
            // to reach the checks behind the parser.
            switch Int.random(in: 0..<14, using: &random) {
            case 0: bytes = Mutator.mutate(bytes, using: &random)
            case 1: bytes = bytes.inserting(invalidUTF8.randomElement(using: &random)!, at: Int.random(in: 0...bytes.count, using: &random))
            case 2, 3: bytes = editLines(bytes, using: &random)
            case 4, 5: bytes = replaceToken(in: bytes, keys: true, using: &random)
            case 6, 7, 8: bytes = replaceToken(in: bytes, keys: false, using: &random)
            case 9: bytes = nest(bytes, using: &random)
            case 10: bytes = alias(bytes, using: &random)
            case 11: bytes = replaceToken(in: bytes, keys: false, with: longText(using: &random), using: &random)
            default: bytes = reframe(bytes, using: &random)
            }
        }
        return bytes
    }

    // MARK: Lines

    private static func editLines(_ bytes: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        var lines = bytes.split(separator: newline, omittingEmptySubsequences: false).map(Array.init)
        let index = lines.indices.randomElement(using: &random)!
        switch Int.random(in: 0..<3, using: &random) {
        case 0: lines.insert(lines[index], at: Int.random(in: 0...lines.count, using: &random))
        case 1: lines.remove(at: index)
        default: lines.swapAt(index, lines.indices.randomElement(using: &random)!)
        }
        return Array(lines.joined(separator: [newline]))
    }

    // MARK: Tokens

    /// Replaces a key (a word before `:`) or a value (any other word, number or quoted string).
    private static func replaceToken(in bytes: [UInt8], keys: Bool, with replacement: [UInt8]? = nil,
                                     using random: inout SplitMix64) -> [UInt8] {
        let candidates = tokens(in: bytes).filter { isKey($0, in: bytes) == keys }
        guard let token = candidates.randomElement(using: &random) else { return bytes }
        let text = replacement ?? Array((keys ? hostileKeys : hostileValues).randomElement(using: &random)!.utf8)
        var mutated = bytes
        mutated.replaceSubrange(token, with: keys && bytes[token.lowerBound] == quote ? [quote] + text + [quote] : text)
        return mutated
    }

    /// Words, numbers and double-quoted strings.
    private static func tokens(in bytes: [UInt8]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            let start = index
            if bytes[index] == quote {
                index += 1
                while index < bytes.count, bytes[index] != quote { index += bytes[index] == backslash ? 2 : 1 }
                index = min(index + 1, bytes.count)
            } else if isWordByte(bytes[index]) {
                while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
            } else {
                index += 1
                continue
            }
            found.append(start..<index)
        }
        return found
    }

    private static func isKey(_ token: Range<Int>, in bytes: [UInt8]) -> Bool {
        token.upperBound < bytes.count && bytes[token.upperBound] == UInt8(ascii: ":")
    }

    private static func isWordByte(_ byte: UInt8) -> Bool { wordBytes.contains(byte) }

    private static let wordBytes = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/#+".utf8)

    private static func longText(using random: inout SplitMix64) -> [UInt8] {
        // Mostly long, rarely past the 1 MiB a spec may have.
        let length = [1000, 70_000, 1_100_000][Int.random(in: 0..<20, using: &random) == 0 ? 2 : Int.random(in: 0...1, using: &random)]
        return Array(repeating: UInt8(ascii: "a"), count: length)
    }

    // MARK: Structure

    /// Wraps a value in many brackets or braces, sometimes without closing them.
    private static func nest(_ bytes: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        let depth = [2, 31, 33, 1000, 100_000].randomElement(using: &random)!
        let (open, close): ([UInt8], [UInt8]) = Bool.random(using: &random) ? (Array("[".utf8), Array("]".utf8)) : (Array("{a: ".utf8), Array("}".utf8))
        let closing = Bool.random(using: &random) ? Array(repeating: close, count: depth).flatMap { $0 } : []
        let nested = Array(repeating: open, count: depth).flatMap { $0 } + Array("1".utf8) + closing
        return replaceToken(in: bytes, keys: false, with: nested, using: &random)
    }

    /// Anchors, aliases and merge keys: one of each, an undefined alias, or a "billion laughs"
    /// block of nine levels of ten aliases each.
    private static func alias(_ bytes: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            let laughs = (1...9).map { level in "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]\n" }
            return Array(("l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + laughs.joined()).utf8) + bytes
        case 1:
            let anchored = replaceToken(in: bytes, keys: false, with: Array("&x 1".utf8), using: &random)
            return replaceToken(in: anchored, keys: false, with: Array("*x".utf8), using: &random)
        case 2:
            return replaceToken(in: bytes, keys: false, with: Array("*undefined".utf8), using: &random)
        default:
            return Array("defaults: &d {transition: fold}\n<<: *d\n".utf8) + bytes
        }
    }

    /// Windows line endings, tabs, a byte-order mark, NUL bytes, or YAML document markers.
    private static func reframe(_ bytes: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return bytes.flatMap { $0 == newline ? [UInt8(ascii: "\r"), newline] : [$0] }
        case 1: return bytes.map { $0 == UInt8(ascii: " ") ? UInt8(ascii: "\t") : $0 }
        case 2: return [0xEF, 0xBB, 0xBF] + bytes
        case 3: return bytes.inserting([0], at: Int.random(in: 0...bytes.count, using: &random))
        case 4: return Array("%YAML 1.1\n---\n".utf8) + bytes + Array("\n...\n---\nsecond: document\n".utf8)
        default: return bytes + Array("\n".utf8) + bytes
        }
    }

    // MARK: Vocabulary

    private static let newline = UInt8(ascii: "\n")
    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    /// The commands' own options, every registered transition's name (a shorthand) and parameters,
    /// the hidden options they are rewritten to, a spec's and a job line's own keys, and keys that
    /// are nearly or not at all options.
    private static let hostileKeys = FileParsers.optionNames + TransitionRegistry.standard.names + TransitionRegistry.standard.parameters.map(\.name) + [
        "transition-shorthand", "set", "slides", "image", "images", "title", "caption", "tranistion", "Duration", "help",
        "version", "experimental-dump-help", "generate-completion-script", "h", "o", "-o", "--fps", "fps=5", "<<", "",
        "ke\ny", "\"ke\\ny\"", "k\u{0}", "ключ", "🎞️", "a b", "?",
    ]

    /// The words transitions' parameters take, and numbers and texts that have broken readers.
    private static let hostileValues = TransitionRegistry.standard.parameters.flatMap { parameter -> [String] in
        if case let .choice(words) = parameter.kind { return words }
        return []
    } + StaggerOrder.names + [
        "\"8x4\"", "\"64x64\"", "\"65x1\"", "\"1x0\"", "\"4x\"",
        "0", "-0", "1", "-1", "2", "-2147483649", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
        "18446744073709551616", "1e308", "1e309", "1e400", "-1e400", "1e-400", "4.9e-324", "0.1", "3600.0000001", "0x7fffffff",
        "0o777", "1_000", "NaN", ".nan", ".NaN", "inf", ".inf", "-.inf", "Infinity", "-Infinity", "\"\"", "''", "\"\\n\"",
        "\"a\\nb\"", "\"\\u2028\"", "\"\\u0000\"", "\"\\t\"", "\"\\r\\n\"", "\"\\u001b[31m\"", "\"../../../../etc/passwd\"",
        "\"/dev/zero\"", "\"-o\"", "\"--loop\"", "\"--help\"", "\"=\"", "\"cubic-bezier(2,0,1,1)\"", "\"cubic-bezier(nan,0,1,1)\"",
        "\"linear(0, 0.25 75%, 1)\"", "\"linear(0 1e308%, 1)\"", "\"steps(9223372036854775807, jump-both)\"", "\"steps(1, jump-none)\"",
        "\"spring(1, 100, 10, 0)\"", "\"spring(1e-300, 1e5, 1e-300, 1000)\"", "\"0:0 0.5:0.4 1:0.4\"", "\"0:0 3600:1\"", "\"0:0 1e-300:1\"",
        "\"99999x99999\"", "\"0x0\"", "\"-16x-16\"", "\"#12345\"", "transparent", "cycle", "\"🎞️\"", "\"\u{202E}gnp.a\"", "~",
        "null", "true", "false", "yes", "no", "on", "off", "[]", "{}", "[a.png]", "{image: a.png}", "!!binary aGVsbG8=",
        "!!timestamp 2001-12-14", "!!float 1", "!!int 1.5", "!!str", "!!null", "!custom x", "!!python/object:os.system",
        "? complex", "|\n  literal", ">\n folded", "- list", "'single''quote'", "@reserved", "`backtick", "%", "&", "*", "!",
        "|", ">", "<<",
    ]

    /// Overlong, truncated, surrogate and never-valid UTF-8 sequences.
    private static let invalidUTF8: [[UInt8]] = [[0xC3, 0x28], [0xFF], [0xFE, 0xFF], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80]]
}

private extension Array where Element == UInt8 {
    func inserting(_ bytes: [UInt8], at index: Int) -> [UInt8] {
        var copy = self
        copy.insert(contentsOf: bytes, at: index)
        return copy
    }
}
