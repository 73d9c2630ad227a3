import Dispatch

/// Rasterises scenes into frames: background first, then each panel in order, in horizontal
/// bands drawn in parallel (bands never share a pixel, so no locking is needed).
public struct Renderer: Sendable {
    /// How many bands a frame is cut into; one per core by default.
    public var bands: Int
    /// Mipmaps of the images drawn last, kept from frame to frame (and shared by copies).
    private let mipmaps = MipmapCache()

    /// A renderer that cuts frames into `bands` horizontal bands (at least 1; by default one per
    /// core the process may use).
    public init(bands: Int = ProcessInfoCores.active) {
        self.bands = max(1, bands)
    }

    /// Renders `scene` into a new frame-sized image. For scenes known to fit in memory: running
    /// out stops the program. Frame loops use `render(_:into:)`, which reports it.
    public func render(_ scene: Scene) -> Image {
        var frame = Image(width: scene.size.width, height: scene.size.height)
        do {
            try render(scene, into: &frame)
        } catch {
            fatalError("not enough memory for the mipmaps of a \(error.size) image")
        }
        return frame
    }

    /// Renders `scene` into `frame`, reusing its storage (it must be the scene's size). Throws
    /// `MemoryShortage` when there is no memory for a panel's mipmap (built once per image).
    public func render(_ scene: Scene, into frame: inout Image) throws(MemoryShortage) {
        precondition(frame.size == scene.size, "frame size does not match the scene")
        let (prepared, mipmaps, bandCount) = try prepare(scene)
        defer { frame.straightPixels = Renderer.copiedImage(prepared, scene: scene)?.straightPixels }
        BandDrawing.draw(prepared[...], mipmaps: mipmaps[...], background: scene.background, bands: bandCount, into: &frame) { drawing in
            DispatchQueue.concurrentPerform(iterations: bandCount) { drawing.draw(band: $0) }
        }
    }

    /// Rows drawn, then converted, at a time: 16 rows of a 1080p frame (120 KiB) are still in the
    /// core's cache when the conversion reads them back, where a whole band would not be.
    /// Even, so that stripes hold whole row pairs of the 4:2:0 chroma.
    static let stripeRows = 16

    /// Renders `scene` straight into `planes` as BT.709 4:2:0 (`BT709Conversion`), with no frame:
    /// each band draws a stripe of rows at a time into a buffer of its own and converts it while
    /// it is in cache. The picture is the one converting `render(_:into:)`'s frame would give, but
    /// no frame-sized RGBA buffer is written or held. Stripes start on even rows, so every row pair
    /// lies within one. Throws `MemoryShortage` as `render(_:into:)` does.
    ///
    /// `drawn` is what the planes already hold, as this returned it when it drew them (nil when
    /// unknown): then only where the scene differs from it is drawn again (`FrameDamage`), and the
    /// rest of the planes is left as it is, already right. Returns what the planes now hold.
    @discardableResult
    package func render(_ scene: Scene, convertingInto planes: YUV420Planes, over drawn: DrawnScene? = nil) throws(MemoryShortage) -> DrawnScene {
        let (prepared, mipmaps, bandCount) = try prepare(scene)
        let damage = FrameDamage(drawing: prepared[...], over: scene.background, size: scene.size, replacing: drawn)
        var stripes = try Image.allocate(width: scene.size.width, height: bandCount * Renderer.stripeRows)
        BandDrawing.draw(prepared[...], mipmaps: mipmaps[...], background: scene.background, bands: bandCount, frameHeight: scene.size.height,
                         damage: damage, convertingInto: planes, through: &stripes) { drawing in
            DispatchQueue.concurrentPerform(iterations: bandCount) { drawing.draw(band: $0) }
        }
        return DrawnScene(size: scene.size, background: scene.background, panels: prepared)
    }

    /// The scene's panels ready to draw, their mipmaps, and how many bands to draw it in (no more
    /// than it has stripes).
    private func prepare(_ scene: Scene) throws(MemoryShortage) -> ([PreparedPanel], [Mipmap?], Int) {
        var prepared = scene.panels.compactMap { PreparedPanel(panel: $0, frame: scene.size) }.joiningSeams()
        prepared.groupCongruentPanels(count: prepared.count)
        let mipmaps = try self.mipmaps.mipmaps(for: prepared)
        let stripes = (scene.size.height + Renderer.stripeRows - 1) / Renderer.stripeRows
        return (prepared, mipmaps, max(1, min(bands, stripes)))
    }

    /// The image a frame is exactly a copy of, if it is one: over a transparent background, panels
    /// that each show part of one frame-sized image in place, unshaded (a page's or a fold's halves
    /// lying flat), and together cover the frame (copies landing outside it aside). Its straight-alpha bytes then stand for the
    /// frame too, so a first or last frame reproduces a semi-transparent input exactly. Boards of
    /// more than 64 panels are not looked at.
    private static func copiedImage(_ prepared: [PreparedPanel], scene: Scene) -> Image? {
        let frame = PixelRect(x: 0, y: 0, width: scene.size.width, height: scene.size.height)
        // Copies that land wholly outside the frame (a fold's far halves) draw nothing.
        let drawn = prepared.filter { panel in
            guard let offset = panel.copyOffset else { return true }
            var placed = panel.panel.region
            (placed.x, placed.y) = (placed.x + offset.dx, placed.y + offset.dy)
            let shown = frame.intersection(panel.panel.clip.map { $0.intersection(placed) } ?? placed)
            return shown.width > 0 && shown.height > 0
        }
        guard let image = drawn.first?.panel.image, drawn.count <= 64, scene.background.alpha == 0,
              image.size == scene.size else { return nil }
        var pieces: [PixelRect] = []
        for panel in drawn {
            guard let offset = panel.copyOffset, offset.dx == 0, offset.dy == 0,
                  panel.panel.image.sharesPixelStorage(with: image),
                  panel.shadeTable.count == 1, panel.shadeTable[0] == PixelLanes(repeating: 255)
            else { return nil }
            pieces.append(panel.panel.clip.map { $0.intersection(panel.panel.region) } ?? panel.panel.region)
        }
        // Covered when every cell between the pieces' edges lies inside a piece.
        let xs = Set(pieces.flatMap { [$0.x, $0.x + $0.width] } + [0, scene.size.width]).sorted().filter { $0 >= 0 && $0 <= scene.size.width }
        let ys = Set(pieces.flatMap { [$0.y, $0.y + $0.height] } + [0, scene.size.height]).sorted().filter { $0 >= 0 && $0 <= scene.size.height }
        for (top, bottom) in zip(ys, ys.dropFirst()) {
            for (left, right) in zip(xs, xs.dropFirst()) {
                guard pieces.contains(where: { $0.x <= left && $0.x + $0.width >= right && $0.y <= top && $0.y + $0.height >= bottom })
                else { return nil }
            }
        }
        return image
    }
}

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
                                   mipmaps: mipmaps[mipmapIndex..<(mipmapIndex + group.count)], followers: prepared[group.dropFirst()])
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
