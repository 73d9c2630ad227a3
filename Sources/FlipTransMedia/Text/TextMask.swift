import CText

/// Shaped lines drawn by FreeType into an 8-bit coverage mask (antialiased), each line centred
/// on the mask.
struct TextMask {
    let width: Int
    let height: Int
    var coverage: [UInt8]

    /// `lines` of `pixels` per em, one under the other `lineHeight` apart, each centred.
    init(lines: [String], pixels: Int, fonts: FontSet) {
        self.init(lines.map { TextLayout.Line(text: $0, direction: ctext_fribidi_par_on(), language: ShapedLine.language(of: $0)) }, pixels: pixels, fonts: fonts)
    }

    /// The lines of `layout`, drawn in `fonts` (the ones it was laid out in).
    init(_ layout: TextLayout, fonts: FontSet) {
        self.init(layout.lines, pixels: layout.pixels, fonts: fonts)
    }

    private init(_ lines: [TextLayout.Line], pixels: Int, fonts: FontSet) {
        fonts.setSize(pixels)
        let metrics = Metrics(pixels: pixels, fonts: fonts)
        let shaped = lines.map { $0.shaped(fonts) }
        width = (shaped.map(\.width).max() ?? 0) / 64 + 2 * metrics.margin
        height = metrics.lineHeight * max(1, lines.count) + 2 * metrics.margin
        coverage = [UInt8](repeating: 0, count: width * height)
        for (number, line) in shaped.enumerated() {
            let left = (width * 64 - line.width) / 2
            let baseline = metrics.margin + number * metrics.lineHeight + metrics.ascent
            for glyph in line.glyphs {
                let face = fonts.faces[glyph.face].face
                guard FT_Load_Glyph(face, glyph.id, Int32(FT_LOAD_RENDER)) == 0 else { continue }
                let slot = face.pointee.glyph.pointee
                draw(slot.bitmap, x: (left + glyph.x) / 64 + Int(slot.bitmap_left), y: baseline - glyph.y / 64 - Int(slot.bitmap_top))
            }
        }
    }

    /// Where lines go at a size, from the first font's metrics (fonts set to that size).
    struct Metrics {
        let ascent: Int
        let lineHeight: Int
        /// Room on every side for glyphs that reach past their advance (italics, accents on capitals).
        let margin: Int

        init(pixels: Int, fonts: FontSet) {
            let size = fonts.faces[0].face.pointee.size.pointee.metrics
            ascent = Int(size.ascender) >> 6
            lineHeight = Int(Double(ascent + (-Int(size.descender) >> 6)) * 1.15)
            margin = pixels / 4 + 2
        }
    }

    /// An empty mask.
    init(width: Int, height: Int) {
        (self.width, self.height) = (width, height)
        coverage = [UInt8](repeating: 0, count: width * height)
    }

    /// Adds a glyph's 8-bit bitmap at (`x`, `y`), clipped to the mask.
    private mutating func draw(_ bitmap: FT_Bitmap, x: Int, y: Int) {
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue), let buffer = bitmap.buffer else { return }
        for row in 0..<Int(bitmap.rows) where (0..<height).contains(y + row) {
            for column in 0..<Int(bitmap.width) where (0..<width).contains(x + column) {
                let value = Int(buffer[row * Int(bitmap.pitch) + column])
                let index = (y + row) * width + x + column
                coverage[index] = UInt8(min(255, Int(coverage[index]) + value))
            }
        }
    }
}
