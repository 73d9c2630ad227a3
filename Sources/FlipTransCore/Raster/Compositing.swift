extension Image {
    /// Composites `region` of `source` over this image, the region's top-left corner landing at
    /// (`x`, `y`): premultiplied source-over by the renderer's own arithmetic (`PixelMath.over`),
    /// so an opaque pixel is copied exactly and a translucent one comes out as it does where the
    /// renderer draws a panel. The region must lie inside `source`, and inside this image once moved.
    package mutating func composite(_ source: Image, region: PixelRect, atX x: Int, y: Int) {
        precondition(region.x >= 0 && region.y >= 0 && region.width >= 0 && region.height >= 0
                     && region.x + region.width <= source.width && region.y + region.height <= source.height,
                     "region outside the source image")
        precondition(x >= 0 && y >= 0 && x + region.width <= width && y + region.height <= height,
                     "region placed outside the image")
        source.withPixels { from in
            withMutablePixels { to in
                for row in 0..<region.height {
                    let sourceRow = from.row(region.y + row) + region.x, destinationRow = to.row(y + row) + x
                    for column in 0..<region.width {
                        destinationRow[column] = PixelMath.over(sourceRow[column], destinationRow[column])
                    }
                }
            }
        }
    }

    /// This image over `colour`, as a panel covering the frame is drawn over a scene's
    /// background; itself when nothing would change (a transparent colour, an opaque image).
    package func over(_ colour: Color) -> Image {
        guard colour.alpha > 0, !isOpaque else { return self }
        var result = Image(width: width, height: height, filledWith: colour)
        result.composite(self, region: PixelRect(x: 0, y: 0, width: width, height: height), atX: 0, y: 0)
        return result
    }

    /// Whether every pixel is opaque (alpha 255), so that source-over copies it.
    package var isOpaque: Bool {
        isOpaque(in: PixelRect(x: 0, y: 0, width: width, height: height))
    }

    /// Whether every pixel of `region` (within the image) is opaque.
    package func isOpaque(in region: PixelRect) -> Bool {
        // Alpha is each packed pixel's top byte.
        withPixels { pixels in
            (region.y..<(region.y + region.height)).allSatisfy { y in
                !UnsafeBufferPointer(start: pixels.row(y) + region.x, count: region.width).contains { $0 < 0xFF00_0000 }
            }
        }
    }
}
