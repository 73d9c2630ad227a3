import CText
import Testing
@testable import FlipTransMedia

/// Shaping through HarfBuzz, ordered by FriBidi's bidi algorithm: glyphs in the order shown.
struct ShapedLineTests {
    func glyphIDs(_ text: String, fonts: FontSet) -> [UInt32] {
        ShapedLine(text, fonts: fonts).glyphs.map(\.id)
    }

    func glyph(_ character: Unicode.Scalar, fonts: FontSet) -> UInt32 {
        FT_Get_Char_Index(fonts.faces[fonts.faceIndex(for: character)].face, FT_ULong(character.value))
    }

    /// Marks past the 30th on one letter are left out: HarfBuzz placed 100,000 in 72 s (the
    /// command line refuses them; a program's own title card is drawn without them).
    @Test func marksPastTheThirtiethOnALetterAreLeftOut() throws {
        let fonts = try FontSet(bold: false)
        fonts.setSize(32)
        let stacked = "a" + String(repeating: "\u{301}", count: 50_000) + "b"
        #expect(StackedMarks.longestRun(in: stacked) == 50_000)
        #expect(glyphIDs(stacked, fonts: fonts) == glyphIDs("a" + String(repeating: "\u{301}", count: 30) + "b", fonts: fonts))
        #expect(StackedMarks.longestRun(in: "e\u{301}\u{323} ok") == 2)
        #expect(StackedMarks.longestRun(in: "a" + String(repeating: "\u{301}\u{34F}", count: 20)) == 40)
    }

    /// Chinese characters in Japanese text take their Japanese forms (直, 令 were drawn in their
    /// Simplified Chinese ones), in Korean text their Korean ones; in Chinese text the font's own.
    @Test func chineseCharactersTakeTheFormsOfTheirLanguage() throws {
        let fonts = try FontSet(bold: false)
        fonts.setSize(32)
        #expect(ShapedLine.language(of: "直す") == "ja" && ShapedLine.language(of: "直 한국") == "ko" && ShapedLine.language(of: "直") == nil)
        func ids(_ language: String?) -> [UInt32] { ShapedLine("直令", fonts: fonts, language: language).glyphs.map(\.id) }
        #expect(ids("ja") != ids(nil))
        #expect(ids(nil) == glyphIDs("直令", fonts: fonts))
    }

    @Test func hebrewIsShownRightToLeftAndLatinLeftToRight() throws {
        let fonts = try FontSet(bold: false)
        fonts.setSize(32)
        let (alef, bet, a, b) = (glyph("א", fonts: fonts), glyph("ב", fonts: fonts), glyph("a", fonts: fonts), glyph("b", fonts: fonts))
        #expect(glyphIDs("אב", fonts: fonts) == [bet, alef])
        #expect(glyphIDs("ab", fonts: fonts) == [a, b])
        // A left-to-right line with a Hebrew word: the word reversed in place, the line in order.
        #expect(glyphIDs("a אב b", fonts: fonts).filter { $0 != glyph(" ", fonts: fonts) } == [a, bet, alef, b])
        // A right-to-left line: its first word rightmost.
        #expect(glyphIDs("אב ab", fonts: fonts).filter { $0 != glyph(" ", fonts: fonts) } == [a, b, bet, alef])
    }

    /// Numbers keep their order in right-to-left text, and neutrals take their neighbours'
    /// direction: "שלום 2026" showed "6202", the "!" of "abc: אב, גד!" landed left of the Hebrew,
    /// and a zero-width no-break space turned the brackets round it.
    @Test func numbersAndNeutralsInRightToLeftTextAreWhereTheyAreRead() throws {
        let fonts = try FontSet(bold: false)
        fonts.setSize(32)
        func ids(_ text: String) -> [UInt32] {
            glyphIDs(text, fonts: fonts).filter { $0 != glyph(" ", fonts: fonts) && $0 != glyph("\u{FEFF}", fonts: fonts) }
        }
        func glyphs(_ characters: String) -> [UInt32] { characters.unicodeScalars.map { glyph($0, fonts: fonts) } }
        // A right-to-left line: the number leftmost, in its own order, the word reversed.
        #expect(ids("שלום 2026") == glyphs("2026םולש"))
        #expect(ids("123 שלום") == glyphs("םולש123"))
        // A left-to-right line: the Hebrew phrase reversed as a whole, the "!" after it.
        #expect(ids("abc: אב, גד!") == glyphs("abc:דג,בא!"))
        #expect(ids("a[\u{FEFF}]") == glyphs("a[]"))
    }

    /// A right-to-left word beside a number is one run, so HarfBuzz joins its Arabic letters:
    /// each letter was a run of its own, drawn unjoined.
    @Test func aRightToLeftWordBesideANumberIsOneRun() throws {
        let fonts = try FontSet(bold: false)
        let runs = ShapedLine.runs(of: Array("كتب 2026".unicodeScalars), fonts: fonts)
        #expect(runs.count == 2, "\(runs)")
        #expect(runs.contains { $0.rightToLeft && $0.characters.lowerBound == 0 && $0.characters.count >= 3 })
        #expect(runs.contains { !$0.rightToLeft && $0.characters == 4..<8 })
    }

    /// An accent on a Chinese character is shaped with it, in the CJK font, which has it: in
    /// DejaVu, apart from its base, it was not drawn at all.
    @Test func aCombiningMarkStaysWithItsBasesFont() throws {
        let fonts = try FontSet(bold: false)
        try #require(fonts.faces.count == 2, "Noto Sans CJK is installed (fonts-noto-cjk)")
        let runs = ShapedLine.runs(of: Array("a\u{301}夏\u{301}x".unicodeScalars), fonts: fonts)
        #expect(runs.map(\.face) == [0, 1, 0])
        #expect(runs.map(\.characters) == [0..<2, 2..<4, 4..<5])
    }

    @Test func cjkComesFromTheFallbackFontAndMissingGlyphsAreTheBox() throws {
        let fonts = try FontSet(bold: false)
        try #require(fonts.faces.count == 2, "Noto Sans CJK is installed (fonts-noto-cjk)")
        #expect(fonts.faceIndex(for: "夏") == 1)
        #expect(fonts.faceIndex(for: "é") == 0)
        // A character no font has (a private-use code point) is the first font's glyph 0, its box.
        #expect(fonts.faceIndex(for: "\u{F8FF}") == 0)
        #expect(glyphIDs("\u{F8FF}", fonts: fonts) == [0])
    }
}
