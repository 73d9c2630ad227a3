import FlipTransCore
import Testing

@Test func splitEvenSizeIntoEqualHalves() {
    let size = PixelSize(width: 64, height: 48)
    let sides = Split.halves(of: size, orientation: .horizontal)
    #expect(sides.first == PixelRect(x: 0, y: 0, width: 32, height: 48))
    #expect(sides.second == PixelRect(x: 32, y: 0, width: 32, height: 48))
    let rows = Split.halves(of: size, orientation: .vertical)
    #expect(rows.first == PixelRect(x: 0, y: 0, width: 64, height: 24))
    #expect(rows.second == PixelRect(x: 0, y: 24, width: 64, height: 24))
}

@Test func splitOddSizeGivesTheExtraPixelToTheFirstHalf() {
    let size = PixelSize(width: 63, height: 47)
    let sides = Split.halves(of: size, orientation: .horizontal)
    #expect(sides.first == PixelRect(x: 0, y: 0, width: 32, height: 47))
    #expect(sides.second == PixelRect(x: 32, y: 0, width: 31, height: 47))
    let rows = Split.halves(of: size, orientation: .vertical)
    #expect(rows.first == PixelRect(x: 0, y: 0, width: 63, height: 24))
    #expect(rows.second == PixelRect(x: 0, y: 24, width: 63, height: 23))
}
