import FlipTransCore

/// Text broken into lines no wider than a width, at one size: first at the text's own line breaks,
/// then greedily between words; a word wider than a whole line (or a run of Chinese or Japanese,
/// written without spaces) is broken between its characters. Lines are broken in the order the
/// text is written and each is then shaped on its own, so right-to-left words wrap as they read.
struct TextLayout {
    /// The lines, in order from the top.
    private(set) var lines: [String]
    /// Pixels per em.
    let pixels: Int
    /// The size of the mask `TextMask` draws the lines into, margins included.
    private(set) var size: PixelSize
    private let lineHeight: Int

    /// `text` at `pixels` per em in `fonts`, its lines no wider than `width` pixels (margins
    /// included) where a single character allows.
    init(_ text: String, pixels: Int, fonts: FontSet, width: Int) {
        self.pixels = pixels
        fonts.setSize(pixels)
        let metrics = TextMask.Metrics(pixels: pixels, fonts: fonts)
        let room = max(1, width - 2 * metrics.margin) * 64
        lines = Self.paragraphs(of: text).flatMap { Self.wrapped($0, within: room, fonts: fonts) }
        lineHeight = metrics.lineHeight
        let widest = lines.map { ShapedLine($0, fonts: fonts).width }.max() ?? 0
        size = PixelSize(width: widest / 64 + 2 * metrics.margin, height: metrics.lineHeight * max(1, lines.count) + 2 * metrics.margin)
    }

    /// Keeps only the lines that fit in `height` pixels (at least one); false when some were cut.
    mutating func keep(height: Int) -> Bool {
        let margins = size.height - lineHeight * max(1, lines.count)
        let fitting = max(1, (height - margins) / max(1, lineHeight))
        guard fitting < lines.count else { return true }
        lines.removeLast(lines.count - fitting)
        size.height = lineHeight * fitting + margins
        return false
    }

    /// The layouts `layout` makes at the largest size from `pixels` down to `smallest` at which
    /// their heights together fit `height` (at `smallest` if none does).
    static func largest(from pixels: Int, smallest: Int, fitting height: Int, _ layout: (Int) -> [TextLayout]) -> [TextLayout] {
        var pixels = pixels
        while true {
            let layouts = layout(pixels)
            let total = layouts.reduce(0) { $0 + $1.size.height }
            if total <= height || pixels <= smallest { return layouts }
            // Heights shrink about in proportion to the size, or faster as lines rejoin.
            pixels = max(smallest, min(pixels - 1, pixels * height / total))
        }
    }

    /// The text's own lines: broken at a line feed, a carriage return (alone or before a line
    /// feed), a next-line character or a line or paragraph separator. Tabs become spaces, other
    /// control characters are dropped (no font draws them), and line breaks at the very end are
    /// left out (a YAML block keeps one).
    static func paragraphs(of text: String) -> [String] {
        var paragraphs = [""]
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { afterCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\n" where afterCarriageReturn: continue
            case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": paragraphs.append("")
            case "\t": paragraphs[paragraphs.count - 1].unicodeScalars.append(" ")
            default:
                guard scalar.properties.generalCategory != .control else { continue }
                paragraphs[paragraphs.count - 1].unicodeScalars.append(scalar)
            }
        }
        while paragraphs.count > 1, paragraphs.last!.allSatisfy(\.isWhitespace) { paragraphs.removeLast() }
        return paragraphs
    }

    /// `paragraph` in lines of at most `room` (26.6 fixed point), broken between words where it can.
    private static func wrapped(_ paragraph: String, within room: Int, fonts: FontSet) -> [String] {
        func fits(_ line: String) -> Bool { ShapedLine(line, fonts: fonts).width <= room }
        var lines: [String] = []
        var line = ""
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
            let joined = line.isEmpty ? String(word) : line + " " + word
            if fits(joined) {
                line = joined
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = ""
            // A word wider than a line on its own is broken between its characters.
            for character in word {
                if !line.isEmpty, !fits(line + String(character)) {
                    lines.append(line)
                    line = ""
                }
                line.append(character)
            }
        }
        lines.append(line)
        return lines
    }
}
