import Testing
import FlipTransCore

struct ColorTests {
    @Test func readsCSSHexAndTransparent() {
        #expect(Color(css: "#0a0") == Color(red: 0, green: 0xAA, blue: 0))
        #expect(Color(css: "#0a08") == Color(red: 0, green: 0xAA, blue: 0, alpha: 0x88))
        #expect(Color(css: "#12345678") == Color(red: 0x12, green: 0x34, blue: 0x56, alpha: 0x78))
        #expect(Color(css: "#FFFFFF") == .white)
        #expect(Color(css: "Transparent") == .transparent)
    }

    /// CSS's names, in any case, with their CSS values; both spellings of grey.
    @Test func readsCSSNames() {
        #expect(Color(css: "navy") == Color(red: 0, green: 0, blue: 0x80))
        #expect(Color(css: "RebeccaPurple") == Color(red: 0x66, green: 0x33, blue: 0x99))
        #expect(Color(css: "lightgoldenrodyellow") == Color(red: 0xFA, green: 0xFA, blue: 0xD2))
        #expect(Color(css: "grey") == Color(red: 0x80, green: 0x80, blue: 0x80))
        #expect(Color(css: "gray") == Color(css: "grey"))
        #expect(Color(css: "darkslategrey") == Color(red: 0x2F, green: 0x4F, blue: 0x4F))
        #expect(Color(css: "WHITE") == .white)
        #expect(Color.cssNames.count == 148)
    }

    /// Only hex digits: the number parser underneath would also take a sign. Names are whole words.
    @Test(arguments: ["#+12345", "#-12345", "#+1234567", "#+ab", "# 12345", "#12345", "#1234567", "#ggg", "#１２３",
                      "#+abc", "purpl", "navy ", "#navy", "light grey", ""])
    func refusesAnythingElse(_ text: String) {
        #expect(Color(css: text) == nil)
    }
}
