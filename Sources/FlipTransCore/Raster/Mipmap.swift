import Glibc

/// One region of an image halved again and again down to a single texel, each texel the average
/// of the 2×2 texels above it (colour is premultiplied, so plain averages are right). Where a
/// screen pixel spans several texels the renderer samples the levels whose texels are about a
/// pixel wide, so a foreshortened panel is filtered, not aliased. Built once per image and region
/// (see `MipmapCache`), never per frame — except for an image rewritten in place between frames
/// (`FrameRenderer`), whose mipmap is rebuilt in its own storage; unchanged while it is drawn.
final class Mipmap: @unchecked Sendable {
    /// Levels 1 (half size) onwards; level 0 is the image itself. They point into this object's
    /// storage, so they are valid while it lives.
    let levels: [TextureSampler]
    /// The region of the image the levels halve.
    let region: PixelRect
    /// The region's one colour, when every texel of it is the same (a card's plain stock
    /// stretched over it): every lookup, at any level and footprint, returns it.
    private(set) var uniformColour: UInt32?
    private let storage: UnsafeMutablePointer<UInt32>

    /// Throws `MemoryShortage` when there is no memory for the levels (a third of the region's).
    init(image: Image, region: PixelRect) throws(MemoryShortage) {
        var sizes: [PixelSize] = []
        var size = PixelSize(width: region.width, height: region.height)
        while size.width > 1 || size.height > 1 {
            size = PixelSize(width: (size.width + 1) / 2, height: (size.height + 1) / 2)
            sizes.append(size)
        }
        let texels = sizes.reduce(0) { $0 + $1.width * $1.height }
        let storage = try MemoryShortage.allocate(bytes: texels * MemoryLayout<UInt32>.stride, for: region.size)
            .bindMemory(to: UInt32.self, capacity: texels)
        var levels: [TextureSampler] = []
        var next = storage
        for size in sizes {
            levels.append(TextureSampler(texels: next, rowLength: size.width, width: size.width, height: size.height))
            next += size.width * size.height
        }
        self.storage = storage
        self.levels = levels
        self.region = region
        rebuild(from: image)
    }

    /// Works the levels out again from `image`'s pixels (an image of the same size, rewritten in
    /// place), into the storage they already have: nothing is allocated.
    func rebuild(from image: Image) {
        precondition(region.x + region.width <= image.width && region.y + region.height <= image.height,
                     "the mipmap's region lies outside the image")
        image.withPixels { pixels in
            uniformColour = Mipmap.uniformColour(of: pixels, in: region)
            var above = TextureSampler(texels: pixels.row(region.y) + region.x, rowLength: pixels.rowStride,
                                       width: region.width, height: region.height)
            for level in levels {
                Mipmap.halve(above, into: UnsafeMutablePointer(mutating: level.texels), width: level.lastColumn + 1, height: level.lastRow + 1)
                above = level
            }
        }
    }

    deinit {
        free(storage)
    }

    /// The colour of every texel in `region`, or nil when they differ (found at the first texel
    /// that differs, so a picture costs a texel or two).
    private static func uniformColour(of pixels: PixelRows<UInt32>, in region: PixelRect) -> UInt32? {
        let colour = pixels.row(region.y)[region.x]
        for y in region.y..<(region.y + region.height) {
            let row = pixels.row(y)
            for x in region.x..<(region.x + region.width) where row[x] != colour { return nil }
        }
        return colour
    }

    /// Fills a `width`×`height` level from the level above; an odd last row or column of the
    /// level above is averaged with itself.
    private static func halve(_ above: TextureSampler, into level: UnsafeMutablePointer<UInt32>, width: Int, height: Int) {
        for y in 0..<height {
            let upper = above.texels + 2 * y * above.rowLength
            let lower = above.texels + min(2 * y + 1, above.lastRow) * above.rowLength
            let row = level + y * width
            for x in 0..<width {
                let left = 2 * x, right = min(2 * x + 1, above.lastColumn)
                row[x] = PixelMath.average(upper[left], upper[right], lower[left], lower[right])
            }
        }
    }
}
