import Testing
@testable import FlipTransCore

/// How a frame's rows are shared among the bands that draw it in parallel.
struct BandStripesTests {
    /// For each row of a frame `height` rows high drawn in `bands` bands, the bands that draw it:
    /// each band is drawn alone over a cleared frame, and paints its rows with an opaque background.
    static func owners(height: Int, bands: Int) -> [[Int]] {
        var owners = [[Int]](repeating: [], count: height)
        for band in 0..<bands {
            var frame = Image(width: 3, height: height)
            BandDrawing.draw([], mipmaps: [], background: .white, bands: bands, into: &frame) { $0.draw(band: band) }
            for y in 0..<height where frame.pixel(x: 2, y: y).a == 255 { owners[y].append(band) }
        }
        return owners
    }

    @Test(arguments: [1, 2, 15, 16, 17, 31, 33, 64, 719, 1080], 1...5)
    func everyRowIsDrawnByExactlyOneBand(height: Int, bands: Int) {
        let owners = Self.owners(height: height, bands: bands)
        #expect(owners.allSatisfy { $0.count == 1 }, "rows drawn by no band or by several: \(owners.enumerated().filter { $0.element.count != 1 }.prefix(4))")
    }

    /// Work gathered in one part of the frame (a clock's flap in its top or its bottom half, the
    /// turning end of a wave) is shared by all bands: each draws rows in both halves of the frame,
    /// and no band draws more than a stripe's rows more than another.
    @Test(arguments: [2, 3, 4])
    func everyBandDrawsRowsThroughoutTheFrame(bands: Int) {
        let height = 1080
        let owners = Self.owners(height: height, bands: bands).map { $0.first }
        for half in [0..<(height / 2), (height / 2)..<height] {
            #expect(Set(owners[half].compactMap { $0 }) == Set(0..<bands), "bands drawing rows \(half)")
        }
        let counts = (0..<bands).map { band in owners.filter { $0 == band }.count }
        #expect(counts.max()! - counts.min()! <= Renderer.stripeRows, "rows per band: \(counts)")
    }
}
