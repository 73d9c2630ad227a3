import FlipTransCore
import Testing
@testable import FlipTransMedia

/// Text broken into lines that fit the frame, and made smaller when it is too tall for it.
struct TextLayoutTests {
    @Test func theTextsOwnLineBreaksOfEveryKindStartLines() {
        #expect(TextLayout.paragraphs(of: "a\r\nb\rc\u{2028}d\ne\u{85}f") == ["a", "b", "c", "d", "e", "f"])
        // A YAML block's final line break adds no empty line; tabs are spaces; controls are dropped.
        #expect(TextLayout.paragraphs(of: "Title\n") == ["Title"])
        #expect(TextLayout.paragraphs(of: "one\ttwo\u{7}\u{0}!\n\n") == ["one two!"])
        #expect(TextLayout.paragraphs(of: "") == [""])
    }

    @Test func longTextWrapsBetweenWordsWithinTheWidth() throws {
        let fonts = try FontSet(bold: false)
        let words = (1...60).map { "word\($0)" }
        let layout = TextLayout(words.joined(separator: " "), pixels: 20, fonts: fonts, width: 300, height: 10_000)
        #expect(layout.lines.count > 5)
        #expect(layout.size.width <= 300)
        // Nothing is lost or reordered: the lines hold the words, in order, broken between them.
        #expect(layout.lines.map(\.text).joined(separator: " ") == words.joined(separator: " "))
    }

    @Test func aWordWiderThanALineBreaksBetweenItsCharacters() throws {
        let fonts = try FontSet(bold: false)
        let word = String(repeating: "W", count: 50), chinese = String(repeating: "夏天", count: 30)
        for text in [word, chinese] {
            let layout = TextLayout(text, pixels: 20, fonts: fonts, width: 200, height: 10_000)
            #expect(layout.lines.count > 2 && layout.size.width <= 200)
            #expect(layout.lines.map(\.text).joined() == text)
        }
    }

    /// Chinese and Japanese lines break between characters, but never before `。`, `」` or `ー`
    /// nor after `「` (they started and ended lines).
    @Test(arguments: [String(repeating: "あ", count: 15) + "。いいい", String(repeating: "あ", count: 14) + "「いい」",
                      String(repeating: "あ", count: 15) + "ーっん", String(repeating: "字", count: 15) + "，字字"])
    func japaneseAndChineseLinesKeepTheirPunctuation(text: String) throws {
        let fonts = try FontSet(bold: false)
        // Wide enough for 15 of them, as at 640x360.
        fonts.setSize(20)
        let width = ShapedLine(String(repeating: "あ", count: 15), fonts: fonts, direction: ShapedLine.direction(of: "あ")).width / 64 + 2 * TextMask.Metrics(pixels: 20, fonts: fonts).margin + 4
        let layout = TextLayout(text, pixels: 20, fonts: fonts, width: width, height: 10_000)
        #expect(layout.lines.count == 2 && layout.lines.map(\.text).joined() == text, "\(layout.lines.map(\.text))")
        for line in layout.lines {
            #expect(!"。」ーっ，".contains(line.text.first!) && line.text.last != "「", "\(layout.lines.map(\.text))")
        }
    }

    /// A zero-width space is a place to break; a soft hyphen too, and shows as a hyphen there only.
    @Test func zeroWidthSpacesAndSoftHyphensArePlacesToBreak() throws {
        let fonts = try FontSet(bold: false)
        let parts = ["Donau", "dampf", "schiff", "fahrts", "gesellschaft"]
        let hyphened = TextLayout(parts.joined(separator: "\u{AD}"), pixels: 20, fonts: fonts, width: 160, height: 10_000)
        #expect(hyphened.lines.count > 1)
        #expect(hyphened.lines.dropLast().allSatisfy { $0.text.hasSuffix("-") && parts.contains(where: $0.text.dropLast().hasSuffix) })
        #expect(hyphened.lines.map { $0.text.hasSuffix("-") ? String($0.text.dropLast()) : $0.text }.joined() == parts.joined())
        let spaced = TextLayout(parts.joined(separator: "\u{200B}"), pixels: 20, fonts: fonts, width: 160, height: 10_000)
        #expect(spaced.lines.count > 1 && spaced.lines.allSatisfy { line in parts.contains { line.text.hasSuffix($0) || line.text.hasSuffix($0 + "\u{200B}") } })
    }

    /// Only a frameful of lines is laid out, however long the text (1 MB took seconds a size).
    @Test func onlyAFramefulOfLinesIsLaidOut() throws {
        let fonts = try FontSet(bold: false)
        let layout = TextLayout(String(repeating: "word ", count: 200_000), pixels: 20, fonts: fonts, width: 640, height: 360)
        let lineHeight = TextMask.Metrics(pixels: 20, fonts: fonts).lineHeight
        #expect(layout.lines.count == (360 - 2 * (20 / 4 + 2)) / lineHeight + 1)
        let word = TextLayout(String(repeating: "W", count: 100_000), pixels: 20, fonts: fonts, width: 640, height: 360)
        #expect(word.lines.count == layout.lines.count && word.lines.allSatisfy { !$0.text.isEmpty })
    }

    /// A right-to-left paragraph keeps its direction on every line it wraps to: a line that
    /// starts with a Latin word was laid out left to right.
    @Test func aWrappedRightToLeftParagraphKeepsItsDirection() throws {
        let fonts = try FontSet(bold: false)
        let layout = TextLayout("שלום עולם גדול Hello שלום", pixels: 40, fonts: fonts, width: 400, height: 10_000)
        #expect(layout.lines.count > 1)
        #expect(layout.lines.allSatisfy { $0.direction == ShapedLine.direction(of: "שלום") })
        #expect(ShapedLine.direction(of: "שלום") != ShapedLine.direction(of: "Hello"))
    }

    /// A title far too long for its frame (it once asked for 40 GB and crashed) is made smaller,
    /// then cut, and drawn in a frame-sized image.
    @Test func aTitleTooLongForTheFrameIsShrunkThenCut() throws {
        let size = PixelSize(width: 320, height: 180)
        let long = TitleCard(title: String(repeating: "W", count: 20_000), subtitle: "under it", pixels: 1000)
        let card = try long.render(size, fonts: TextFonts())
        #expect(card.image.size == size && !card.whole)
        // A title that fits at a smaller size is shrunk to it, whole.
        let words = TitleCard(title: (1...40).map { "word\($0)" }.joined(separator: " "), pixels: 200)
        #expect(try words.render(size, fonts: TextFonts()).whole)
    }

    /// A long caption wraps, is made smaller if need be, and stays in the lower half of the frame;
    /// one too long even at the smallest size is cut there.
    @Test(arguments: [(200, true), (5000, false)])
    func aLongCaptionStaysInTheLowerHalf(words: Int, whole: Bool) throws {
        let plain = Image(width: 640, height: 360, filledWith: Color(red: 40, green: 90, blue: 160))
        var image = plain
        let caption = Caption(text: (1...words).map { "word\($0)" }.joined(separator: " "))
        #expect(try caption.draw(onto: &image, fonts: TextFonts()) == whole)
        let changedRows = (0..<360).filter { y in (0..<640).contains { image.pixel(x: $0, y: y) != plain.pixel(x: $0, y: y) } }
        #expect(changedRows.first! >= 360 / 2 - 360 / 12 - 10 && changedRows.last! < 360)
    }
}
