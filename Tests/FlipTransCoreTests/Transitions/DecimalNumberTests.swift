import Testing
import FlipTransCore

/// Numbers are read as people write them: Swift's own reading also takes hexadecimal, `nan` and
/// `inf`, so `0x10` seconds were 16.
struct DecimalNumberTests {
    @Test(arguments: [("2", 2.0), ("-0.5", -0.5), (".5", 0.5), ("+.5", 0.5), ("2.", 2.0), ("+3", 3.0), ("-0", 0.0), ("1e3", 1000.0), ("1E3", 1000.0), ("2.5E-1", 0.25)])
    func decimalsAreRead(text: String, value: Double) {
        #expect(DecimalNumber.read(text) == value)
    }

    @Test(arguments: ["0x10", "0x1p3", "nan", "inf", "-infinity", "1e400", "", ".", "e5", "1e", "1_000", " 2", "2,5", "١٢"])
    func anythingElseIsNot(text: String) {
        #expect(DecimalNumber.read(text) == nil)
    }

    @Test func aTransitionParameterTakesNoHexadecimal() throws {
        let error = #expect(throws: ParameterError.self) { try Flip.parameters[0].parse("0x1") }
        #expect(error?.description == "pullback must be a number more than 0 and at most 4, got '0x1'")
    }
}
