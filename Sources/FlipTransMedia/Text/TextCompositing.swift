import FlipTransCore

extension TextMask {
    /// Paints `colour` through the mask onto `image` with its top-left corner at (`x`, `y`),
    /// scaled by `opacity`, over what is there (premultiplied "over").
    func paint(_ colour: Color, opacity: Double = 1, onto image: inout Image, x: Int, y: Int) {
        let (red, green, blue, alpha) = colour.premultipliedBytes
        let source = [red, green, blue, alpha].map { Double($0) * opacity / 255 }
        image.withMutablePixelBytes { pixels in
            for row in 0..<height where (0..<pixels.height).contains(y + row) {
                let line = pixels.row(y + row)
                for column in 0..<width where (0..<pixels.width).contains(x + column) {
                    let cover = Double(coverage[row * width + column]) / 255
                    guard cover > 0 else { continue }
                    let pixel = line + (x + column) * 4
                    let keep = 1 - source[3] * cover
                    for channel in 0..<4 {
                        pixel[channel] = UInt8((source[channel] * cover * 255 + Double(pixel[channel]) * keep).rounded())
                    }
                }
            }
        }
    }

    /// The mask softened by a blur of `radius` pixels (three box passes, near a Gaussian), grown
    /// by the radius on every side so the blur is not cut off: a soft shadow's shape.
    func blurred(radius: Int) -> TextMask {
        var grown = TextMask(width: width + 2 * radius, height: height + 2 * radius)
        for row in 0..<height {
            for column in 0..<width { grown.coverage[(row + radius) * grown.width + column + radius] = coverage[row * width + column] }
        }
        let image = Image(width: grown.width, height: grown.height, pixels: grown.coverage.flatMap { [$0, $0, $0, $0] })
        grown.coverage = image.boxBlurred(radius: max(1, radius / 3), passes: 3).pixels.enumerated().compactMap { $0.offset % 4 == 3 ? $0.element : nil }
        return grown
    }
}
