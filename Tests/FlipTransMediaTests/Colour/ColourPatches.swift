import FlipTransCore

/// A row of solid 16×16 blocks, one per colour: flat areas that lossy codecs keep, each block's
/// centre its colour. Opaque.
struct ColourPatches {
    static let block = 16

    /// Display P3 green (the case `EmbeddedProfileTests` works out by hand) first; primaries, greys and a few mixed colours.
    static let standard = ColourPatches([
        [60, 180, 90], [200, 30, 40], [30, 60, 220], [128, 128, 128], [250, 240, 10],
        [12, 12, 12], [255, 255, 255], [0, 0, 0], [90, 140, 200], [240, 120, 180],
    ])

    let colours: [[UInt8]]

    init(_ colours: [[UInt8]]) {
        self.colours = colours
    }

    var size: PixelSize { PixelSize(width: Self.block * colours.count, height: Self.block) }

    var image: Image {
        var image = Image(width: size.width, height: size.height)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let i = (y * size.width + x) * 4
                image.pixels.replaceSubrange(i..<i + 4, with: colours[x / Self.block] + [255])
            }
        }
        return image
    }

    /// R, G, B of every pixel, rows top to bottom.
    var rgb: [UInt8] { image.pixels.enumerated().filter { $0.offset % 4 != 3 }.map(\.element) }

    /// The colour at the centre of block `index` of `image`.
    func colour(_ index: Int, in image: Image) -> [UInt8] {
        let p = image.pixel(x: index * Self.block + Self.block / 2, y: Self.block / 2)
        return [p.r, p.g, p.b]
    }
}

/// True when every channel is within `tolerance` of the other's.
func isNear(_ a: [UInt8], _ b: [UInt8], tolerance: Int) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
}
