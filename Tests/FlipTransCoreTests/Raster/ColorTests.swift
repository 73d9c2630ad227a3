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

    /// CSS's functions in both spellings, percentages, clamping, and its rounding (halves up).
    @Test func readsRGBFunctions() {
        #expect(Color(css: "rgb(255 128 0)") == Color(red: 255, green: 128, blue: 0))
        #expect(Color(css: "RGBA(255, 128, 0, 0.5)") == Color(red: 255, green: 128, blue: 0, alpha: 128))
        #expect(Color(css: "rgb( 100% 50% 0% / 25% )") == Color(red: 255, green: 128, blue: 0, alpha: 64))
        #expect(Color(css: "rgb(300 -5 12.4 / 2)") == Color(red: 255, green: 0, blue: 12))
        #expect(Color(css: "rgba(0,0,0,0)") == .transparent)
        #expect(Color(css: "rgb(1e2 0 0)") == Color(red: 100, green: 0, blue: 0))
    }

    /// Hues in every unit and wrapped round the circle; the grey of zero saturation.
    @Test func readsHSLFunctions() {
        let orange = Color(red: 255, green: 128, blue: 0)
        #expect(Color(css: "hsl(30 100% 50%)") == orange)
        #expect(Color(css: "hsla(30deg, 100%, 50%, 1)") == orange)
        #expect(Color(css: "hsl(390 100 50)") == orange)
        #expect(Color(css: "hsl(-330 100% 50%)") == orange)
        let cyan = Color(css: "cyan")
        #expect(Color(css: "hsl(180 100% 50%)") == cyan)
        #expect(Color(css: "hsl(0.5TURN 100% 50%)") == cyan)
        #expect(Color(css: "hsl(200grad 100% 50%)") == cyan)
        #expect(Color(css: "hsl(3.14159265rad 100% 50%)") == cyan)
        #expect(Color(css: "hsl(240 100% 25%)") == Color(css: "navy"))
        #expect(Color(css: "hsl(120 100% 25% / 50%)") == Color(red: 0, green: 128, blue: 0, alpha: 128))
        #expect(Color(css: "hsl(200 0% 50%)") == Color(red: 128, green: 128, blue: 128))
        // Halves that floating point computes just under a half still round up.
        #expect(Color(css: "hsl(0 80% 50%)") == Color(red: 230, green: 26, blue: 26))
        #expect(Color(css: "hsl(0 100% 95%)") == Color(red: 255, green: 230, blue: 230))
    }

    /// Three values and an optional alpha, separated one way or the other, with known units only.
    @Test(arguments: ["rgb(1 2)", "rgb(1 2 3 4)", "rgb(1, 2 3)", "rgb(1 2 3 /)", "rgb(1 2 3 / 4 / 5)", "rgb(1 2 3",
                      "rgb(1,2,3,)", "rgb(,1,2,3)", "rgb(1 2 3) ", "rgb(1px 2 3)", "rgb(nan 0 0)", "rgb(inf 0 0)",
                      "rgb(0x10 0 0)", "rgb(1e999 0 0)", "rgb(1- 0 0)", "rgb(- 0 0)", "rgb(2e 0 0)", "rgb()", "rgb",
                      "hsl(30% 100% 50%)", "hsl(1e308turn 100% 50%)", "hsl(-1e308rad 100% 50%)", "hsl(30 100% 50px)", "hsl(30deg 100%)", "rgbx(1 2 3)", "hsl(1 2 3 / 50deg)"])
    func refusesMalformedFunctions(_ text: String) {
        #expect(Color(css: text) == nil)
    }

    /// Only hex digits: the number parser underneath would also take a sign. Names are whole words.
    @Test(arguments: ["#+12345", "#-12345", "#+1234567", "#+ab", "# 12345", "#12345", "#1234567", "#ggg", "#１２３",
                      "#+abc", "blac\u{212A}", "purpl", "navy ", "#navy", "light grey", ""])
    func refusesAnythingElse(_ text: String) {
        #expect(Color(css: text) == nil)
    }
}
