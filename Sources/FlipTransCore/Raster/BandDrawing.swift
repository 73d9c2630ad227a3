/// One frame's drawing, cut into bands of rows that never share a pixel, so they can be drawn in
/// parallel without locking: each band, a stripe of rows at a time, filled with the background,
/// then each prepared panel's part of it drawn over that with the panel's mipmap, then (given
/// planes) converted to 4:2:0 while still in the cache. The rows are drawn in the frame, or,
/// when only the picture is wanted, in a stripe buffer of the band's own, drawn over by each
/// next stripe; then only the damaged part of each stripe (`FrameDamage`) is drawn and converted.
/// The stripes are dealt to the bands in turn (band b draws stripes b, b + bandCount, …), so that
/// work gathered in one part of the frame, such as a clock's flap in its top or its bottom half,
/// is shared by all bands. Stripes start on even rows, so every row pair lies within one.
struct BandDrawing: Sendable {
    let prepared: ArraySlice<PreparedPanel>
    let mipmaps: ArraySlice<Mipmap?>
    /// The frame's pixels, or the stripe buffers: `stripeRows` rows for each band in turn.
    let pixels: SendablePointer<UInt32>
    let readable: PixelRows<UInt32>
    /// Where the stripes are converted to; nil when drawing a frame.
    let planes: YUV420Planes?
    let width: Int, height: Int
    let bandCount: Int
    let background: UInt32
    /// What to draw of each stripe: everything, when drawing a frame.
    let damage: FrameDamage

    /// Calls `runBands` with the drawing of `frame` in `bandCount` bands (some may have no rows);
    /// it must draw every band, 0 to `bandCount − 1`, before it returns.
    static func draw(_ prepared: ArraySlice<PreparedPanel>, mipmaps: ArraySlice<Mipmap?>, background: Color, bands bandCount: Int,
                     into frame: inout Image, runBands: (BandDrawing) -> Void) {
        let height = frame.height
        frame.withMutablePixels { framePixels in
            runBands(BandDrawing(prepared: prepared, mipmaps: mipmaps, pixels: SendablePointer(framePixels.baseAddress),
                                 readable: framePixels.readable, planes: nil, width: framePixels.width, height: height,
                                 bandCount: bandCount, background: PixelMath.pack(background.premultipliedBytes),
                                 damage: .everything(PixelSize(width: framePixels.width, height: height))))
        }
    }

    /// Calls `runBands` with the drawing of a frame `frameHeight` rows high (and `stripes` wide)
    /// into `planes` alone, through `stripes`, which has `stripeRows` rows for each band; only
    /// `damage` is drawn and converted.
    static func draw(_ prepared: ArraySlice<PreparedPanel>, mipmaps: ArraySlice<Mipmap?>, background: Color, bands bandCount: Int,
                     frameHeight: Int, damage: FrameDamage, convertingInto planes: YUV420Planes, through stripes: inout Image,
                     runBands: (BandDrawing) -> Void) {
        precondition(stripes.height == bandCount * Renderer.stripeRows, "a stripe for each band")
        stripes.withMutablePixels { stripePixels in
            runBands(BandDrawing(prepared: prepared, mipmaps: mipmaps, pixels: SendablePointer(stripePixels.baseAddress),
                                 readable: stripePixels.readable, planes: planes, width: stripePixels.width, height: frameHeight,
                                 bandCount: bandCount, background: PixelMath.pack(background.premultipliedBytes), damage: damage))
        }
    }

    func draw(band: Int) {
        for top in stride(from: band * Renderer.stripeRows, to: height, by: bandCount * Renderer.stripeRows) {
            let rows = top..<min(top + Renderer.stripeRows, height)
            let damaged = damage.columns(in: rows)
            guard !damaged.isEmpty else { continue }
            // The columns converted start on an even one, as chroma samples pair them; those
            // samples read one column more on either side, so that many are drawn. A stretch of a
            // panel is drawn whole where it reaches them (`drawCoveredRun`), so the background is
            // laid as far as the longest reaches.
            let converted = (damaged.lowerBound & ~1)..<damaged.upperBound
            let drawn = max(0, converted.lowerBound - 1)..<min(width, converted.upperBound + 1)
            let laid = max(0, drawn.lowerBound - PreparedPanel.longestStretch)..<min(width, drawn.upperBound + PreparedPanel.longestStretch)
            // Where the stripe's rows lie: in the frame, or at the top of the band's stripe buffer.
            let firstRow = planes != nil ? band * Renderer.stripeRows : rows.lowerBound
            if laid.count == width {
                (pixels.pointer + firstRow * width).update(repeating: background, count: rows.count * width)
            } else {
                for row in firstRow..<(firstRow + rows.count) {
                    (pixels.pointer + row * width + laid.lowerBound).update(repeating: background, count: laid.count)
                }
            }
            // The panels draw row y at y · width from the pointer they are given: one that many
            // rows before the stripe buffer puts the stripe's rows in it (they touch no others).
            let origin = pixels.pointer + (firstRow - rows.lowerBound) * width
            // A panel draws the congruent panels that follow it with it (`groupCongruentPanels`).
            var index = prepared.startIndex
            while index < prepared.endIndex {
                let panel = prepared[index], group = index..<(index + 1 + panel.congruentFollowers)
                if panel.rows.overlaps(rows) {
                    let mipmapIndex = mipmaps.startIndex + (index - prepared.startIndex)
                    panel.panel.image.withPixels { texture in
                        panel.draw(rows: rows, columns: drawn, into: origin, frameWidth: width, texture: texture,
                                   mipmaps: mipmaps[mipmapIndex..<(mipmapIndex + group.count)], followers: prepared[group.dropFirst()],
                                   background: background)
                    }
                }
                index = group.upperBound
            }
            if let planes {
                // The stripe's rows as rows of their own: a last row pair cut short by an odd frame
                // height is completed by repeating its last row, as it would be in the frame.
                BT709Conversion.convert(rowPairs: 0..<((rows.count + 1) / 2), of: readable.rows(firstRow..<(firstRow + rows.count)),
                                        columns: converted, into: planes.fromRowPair(rows.lowerBound / 2))
            }
        }
    }
}
