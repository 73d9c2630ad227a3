import Testing
import FlipTransCore

struct ColorTests {
    @Test func readsCSSHexAndTransparent() {
        #expect(Color(css: "#0a0") == Color(red: 0, green: 0xAA, blue: 0))
        #expect(Color(css: "#12345678") == Color(red: 0x12, green: 0x34, blue: 0x56, alpha: 0x78))
        #expect(Color(css: "#FFFFFF") == .white)
        #expect(Color(css: "Transparent") == .transparent)
    }

    /// Only hex digits: the number parser underneath would also take a sign.
    @Test(arguments: ["#+12345", "#-12345", "#+1234567", "#+ab", "# 12345", "#12345", "#1234567", "#ggg", "#１２３", "purple", ""])
    func refusesAnythingElse(_ text: String) {
        #expect(Color(css: text) == nil)
    }
}
