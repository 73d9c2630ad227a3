import CText
import FlipTransCore

/// Text broken into lines no wider than a width, at one size: first at the text's own line breaks,
/// then greedily between words; a word wider than a whole line (or a run of Chinese or Japanese,
/// written without spaces) is broken between its characters. Lines are broken in the order the
/// text is written and each is then shaped on its own in its paragraph's direction, so
/// right-to-left text wraps as it reads. Only as many lines as `height` can hold, and one more,
/// are laid out: 1 MB of text costs no more than a frameful.
struct TextLayout {
    struct Line {
        let text: String
        /// Its paragraph's direction (FriBidi's).
        let direction: FriBidiParType
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
        for paragraph in Self.paragraphs(of: text) where lines.count < most {
            let direction = ShapedLine.direction(of: paragraph)
            lines += Self.wrapped(paragraph, within: room, lines: most - lines.count, fonts: fonts, direction: direction)
                .map { Line(text: $0, direction: direction) }
        }
        self.lines = lines
        lineHeight = metrics.lineHeight
        let widest = lines.map { ShapedLine($0.text, fonts: fonts, direction: $0.direction).width }.max() ?? 0
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

    /// `paragraph` in at most `count` lines of at most `room` (26.6 fixed point), broken between
    /// words where it can. Each line takes the most words that fit, found by doubling and then
    /// halving the count tried, so a line is shaped a few times rather than once per word.
    private static func wrapped(_ paragraph: String, within room: Int, lines count: Int, fonts: FontSet,
                                direction: FriBidiParType) -> [String] {
        func fits(_ line: String) -> Bool { ShapedLine(line, fonts: fonts, direction: direction).width <= room }
        let words = paragraph.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard !words.isEmpty else { return [""] }
        var lines: [String] = []
        var next = 0
        while next < words.count, lines.count < count {
            let taken = longest(upTo: words.count - next) { fits(words[next..<next + $0].joined(separator: " ")) }
            if taken > 0 {
                lines.append(words[next..<next + taken].joined(separator: " "))
                next += taken
                continue
            }
            // A word wider than a line on its own is broken between its characters.
            var rest = Array(words[next])
            while !rest.isEmpty, lines.count < count {
                let length = max(1, longest(upTo: rest.count) { fits(String(rest[..<$0])) })
                lines.append(String(rest[..<length]))
                rest.removeFirst(length)
            }
            next += 1
        }
        return lines
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
