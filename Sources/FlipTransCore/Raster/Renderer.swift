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
            ParallelWork.perform(iterations: bandCount) { drawing.draw(band: $0) }
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
            ParallelWork.perform(iterations: bandCount) { drawing.draw(band: $0) }
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
