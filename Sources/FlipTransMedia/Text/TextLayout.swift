import CText
import FlipTransCore

/// Text broken into lines no wider than a width, at one size: first at the text's own line breaks,
/// then greedily where `LineBreaks` allows (between words, and between Chinese or Japanese
/// characters); a word wider than a whole line is broken between its characters. Lines are broken in the order the
/// text is written and each is then shaped on its own in its paragraph's direction, so
/// right-to-left text wraps as it reads. Only as many lines as `height` can hold, and one more,
/// are laid out: 1 MB of text costs no more than a frameful.
struct TextLayout {
    struct Line {
        let text: String
        /// Its paragraph's direction (FriBidi's).
        let direction: FriBidiParType
        /// The whole text's language, for the forms of Chinese characters (`ShapedLine.language(of:)`).
        let language: String?

        func shaped(_ fonts: FontSet) -> ShapedLine { ShapedLine(text, fonts: fonts, direction: direction, language: language) }
    }

    /// The lines, in order from the top.
    private(set) var lines: [Line]
    /// Pixels per em.
    let pixels: Int
    /// The size of the mask `TextMask` draws the lines into, margins included.
    private(set) var size: PixelSize
    private let lineHeight: Int

    /// `text` at `pixels` per em in `fonts`, its lines no wider than `width` pixels (margins
    /// included) where a single character allows, and no more of them than `height` pixels hold
    /// and one (which tells that the text does not fit).
    init(_ text: String, pixels: Int, fonts: FontSet, width: Int, height: Int) {
        self.pixels = pixels
        fonts.setSize(pixels)
        let metrics = TextMask.Metrics(pixels: pixels, fonts: fonts)
        let room = max(1, width - 2 * metrics.margin) * 64
        let most = max(1, (height - 2 * metrics.margin) / max(1, metrics.lineHeight)) + 1
        var lines: [Line] = []
        let language = ShapedLine.language(of: text)
        for paragraph in Self.paragraphs(of: text) where lines.count < most {
            let direction = ShapedLine.direction(of: paragraph)
            lines += Self.wrapped(paragraph, within: room, lines: most - lines.count, fonts: fonts, direction: direction, language: language)
                .map { Line(text: $0, direction: direction, language: language) }
        }
        self.lines = lines
        lineHeight = metrics.lineHeight
        let widest = lines.map { $0.shaped(fonts).width }.max() ?? 0
        size = PixelSize(width: widest / 64 + 2 * metrics.margin, height: metrics.lineHeight * max(1, lines.count) + 2 * metrics.margin)
    }

    /// Keeps only the lines that fit in `height` pixels (at least one when `atLeastOne`, else
    /// perhaps none, and then no height at all); false when some were cut.
    mutating func keep(height: Int, atLeastOne: Bool = true) -> Bool {
        let margins = size.height - lineHeight * max(1, lines.count)
        let fitting = max(atLeastOne ? 1 : 0, (height - margins) / max(1, lineHeight))
        guard fitting < lines.count else { return true }
        lines.removeLast(lines.count - fitting)
        size.height = fitting > 0 ? lineHeight * fitting + margins : 0
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

    /// `paragraph` in at most `count` lines of at most `room` (26.6 fixed point), broken where
    /// `LineBreaks` allows. Each line takes the most that fits, found by doubling and then halving
    /// the count of breaks tried, so a line is shaped a few times rather than once per word; a
    /// word wider than a line is broken between its characters.
    private static func wrapped(_ paragraph: String, within room: Int, lines count: Int, fonts: FontSet,
                                direction: FriBidiParType, language: String?) -> [String] {
        func fits(_ line: String) -> Bool { Line(text: line, direction: direction, language: language).shaped(fonts).width <= room }
        let breaks = LineBreaks(paragraph)
        var start = breaks.skippingSpaces(from: 0)
        guard start < breaks.characters.count else { return [""] }
        var lines: [String] = []
        var next = 0
        while start < breaks.characters.count, lines.count < count {
            while breaks.positions[next] <= start { next += 1 }
            let ends = breaks.positions[next...]
            // How much of the first word fits, found first, from its start: a word far wider than a
            // line (a megabyte without a space) is then not shaped whole for every line.
            let word = ends[next] - start
            let fitting = longest(upTo: word) { fits(String(breaks.characters[start..<start + $0])) }
            let taken = fitting < word ? 0 : longest(upTo: ends.count) { fits(breaks.line(from: start, to: ends[next + $0 - 1])) }
            let end = taken > 0 ? ends[next + taken - 1] : kept(start + max(1, fitting), after: start, in: breaks.characters)
            lines.append(breaks.line(from: start, to: end))
            start = breaks.skippingSpaces(from: end)
        }
        return lines
    }

    /// `end`, inside a word too wide for a line, moved back if need be (not past `start`'s next
    /// character) to a place where a line may end: not before `。` or after `「`.
    private static func kept(_ end: Int, after start: Int, in characters: [Character]) -> Int {
        guard end < characters.count else { return end }
        let allowed = stride(from: end, to: start, by: -1).first { LineBreaks.mayBreak(between: characters[$0 - 1], and: characters[$0]) }
        return allowed ?? end
    }

    /// The largest count from 1 to `limit` for which `fits` holds (0 if not even 1), taking a
    /// count that fits to mean every smaller one does.
    private static func longest(upTo limit: Int, _ fits: (Int) -> Bool) -> Int {
        var (good, bad) = (0, limit + 1)
        var probe = 1
        // Doubling from 1 finds a bound near the answer; halving between them finds it.
        while probe < bad, fits(probe) {
            good = probe
            probe *= 2
        }
        if probe < bad { bad = probe }
        while bad - good > 1 {
            let middle = (good + bad) / 2
            if fits(middle) { good = middle } else { bad = middle }
        }
        return good
    }
}
