import FlipTransMedia
import Testing

/// A contact sheet's labels: every time told apart, none inside (0, 1) shown as an end, no
/// scientific notation, and the same decimals across the sheet.
struct SheetLabelTests {
    @Test func timesThatCanBeShownExactlyAreShownSo() {
        #expect(ContactSheet.timeLabels([0, 1]) == ["t = 0", "t = 1"])
        #expect(ContactSheet.timeLabels([0, 0.25, 0.5, 0.75, 1]) == ["t = 0.00", "t = 0.25", "t = 0.50", "t = 0.75", "t = 1.00"])
        #expect(ContactSheet.timeLabels([-0.0, 0.5]) == ["t = 0.0", "t = 0.5"])
    }

    /// It showed "t = 1" for 0.9999 and "t = 1e-05" for 0.00001.
    @Test func timesNearTheEndsAreNotShownAsTheEnds() {
        #expect(ContactSheet.timeLabels([0.9999, 0.00001, 0.12345, 1]) == ["t = 0.99990", "t = 0.00001", "t = 0.12345", "t = 1.00000"])
    }

    /// 100 frames: 0.0101 beside 0.101 before; now two decimals each, all different.
    @Test func evenlySpacedTimesShareTheirDecimals() {
        let labels = ContactSheet.timeLabels((0..<100).map { Double($0) / 99 })
        #expect(Set(labels).count == 100)
        #expect(labels[1] == "t = 0.01" && labels[10] == "t = 0.10" && labels[99] == "t = 1.00")
        #expect(ContactSheet.timeLabels((0..<8).map { Double($0) / 7 })[1] == "t = 0.14")
    }
}
