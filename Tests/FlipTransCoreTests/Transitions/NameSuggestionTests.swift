import FlipTransCore
import Testing

/// The name a slip of the keyboard most likely meant, and no guess when nothing is close.
struct NameSuggestionTests {
    static let names = ["flip", "page", "fold", "clock", "cards", "duration", "direction", "fps", "fit"]

    @Test(arguments: [
        ("flipp", "flip"), ("pgae", "page"), ("Page", "page"), ("fliip", "flip"), ("cloc", "clock"),
        ("duraton", "duration"), ("dur", "duration"), ("fsp", "fps"),
    ])
    func aSlipFindsTheName(typed: String, meant: String) {
        #expect(NameSuggestion.closest(to: typed, among: Self.names) == meant)
    }

    /// Too far from every name, or the start of more than one: no guess.
    @Test(arguments: ["wobble", "bogus-option", "x", "di", "f"])
    func nothingCloseIsNoGuess(typed: String) {
        #expect(NameSuggestion.closest(to: typed, among: Self.names) == nil)
    }

    @Test func tiesGoToTheEarlierName() {
        #expect(NameSuggestion.closest(to: "fat", among: ["fit", "fet"]) == "fit")
        #expect(NameSuggestion.closest(to: "fat", among: ["fet", "fit"]) == "fet")
    }
}
