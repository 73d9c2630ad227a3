import FlipTransCore
import Testing

/// Even sizes split equally; for odd ones the first (left or top) half gets the extra pixel.
@Test(arguments: [
    (64, 48, Orientation.horizontal, PixelRect(x: 0, y: 0, width: 32, height: 48), PixelRect(x: 32, y: 0, width: 32, height: 48)),
    (64, 48, .vertical, PixelRect(x: 0, y: 0, width: 64, height: 24), PixelRect(x: 0, y: 24, width: 64, height: 24)),
    (63, 47, .horizontal, PixelRect(x: 0, y: 0, width: 32, height: 47), PixelRect(x: 32, y: 0, width: 31, height: 47)),
    (63, 47, .vertical, PixelRect(x: 0, y: 0, width: 63, height: 24), PixelRect(x: 0, y: 24, width: 63, height: 23)),
])
func splitIntoWholePixelHalves(width: Int, height: Int, orientation: Orientation, first: PixelRect, second: PixelRect) {
    let halves = Split.halves(of: PixelSize(width: width, height: height), orientation: orientation)
    #expect(halves.first == first)
    #expect(halves.second == second)
}
