import Dispatch

/// Rasterises scenes into frames: background first, then each panel in order, in horizontal
/// bands drawn in parallel (bands never share a pixel, so no locking is needed).
public struct Renderer: Sendable {
    /// How many bands a frame is cut into; one per core by default.
    public var bands: Int
    /// Mipmaps of the images drawn last, kept from frame to frame (and shared by copies).
    private let mipmaps = MipmapCache()

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
        try render(scene, into: &frame, convertingInto: nil)
    }

    /// Rows drawn, then converted, at a time: 16 rows of a 1080p frame (120 KiB) are still in the
    /// core's cache when the conversion reads them back, where a whole band would not be.
    /// Even, so that stripes hold whole row pairs of the 4:2:0 chroma.
    static let stripeRows = 16

    /// Renders as `render(_:into:)` does and, with `planes`, converts each stripe of rows to
    /// BT.709 4:2:0 (`BT709Conversion`) right after drawing it, instead of in a pass of its own
    /// over the frame. Bands start on even rows, so every row pair lies within one stripe.
    package func render(_ scene: Scene, into frame: inout Image, convertingInto planes: YUV420Planes?) throws(MemoryShortage) {
        precondition(frame.size == scene.size, "frame size does not match the scene")
        let prepared = scene.panels.compactMap { PreparedPanel(panel: $0, frame: scene.size) }.joiningSeams()
        let mipmaps = try self.mipmaps.mipmaps(for: prepared)
        let width = scene.size.width, height = scene.size.height
        let background = PixelMath.pack(scene.background.premultipliedBytes)
        let rowPairs = (height + 1) / 2
        let bandCount = max(1, min(bands, rowPairs))
        defer { frame.straightPixels = Renderer.copiedImage(prepared, scene: scene)?.straightPixels }
        frame.withMutablePixels { framePixels in
            let pixels = SendablePointer(framePixels.baseAddress)
            let readable = framePixels.readable
            DispatchQueue.concurrentPerform(iterations: bandCount) { band in
                let bandRows = min(height, 2 * (rowPairs * band / bandCount))..<min(height, 2 * (rowPairs * (band + 1) / bandCount))
                for top in stride(from: bandRows.lowerBound, to: bandRows.upperBound, by: Renderer.stripeRows) {
                    let rows = top..<min(top + Renderer.stripeRows, bandRows.upperBound)
                    (pixels.pointer + rows.lowerBound * width).update(repeating: background, count: rows.count * width)
                    for (panel, mipmap) in zip(prepared, mipmaps) where panel.rows.overlaps(rows) {
                        panel.panel.image.withPixels { texture in
                            panel.draw(rows: rows, into: pixels.pointer, frameWidth: width, texture: texture, mipmap: mipmap)
                        }
                    }
                    if let planes {
                        BT709Conversion.convert(rowPairs: (rows.lowerBound / 2)..<((rows.upperBound + 1) / 2), of: readable, into: planes)
                    }
                }
            }
        }
    }

    /// The image a frame is exactly a copy of, if it is one: a single panel showing a whole
    /// frame-sized image in place, unshaded, over a transparent background. Its straight-alpha
    /// bytes then stand for the frame too, so a first or last frame reproduces a semi-transparent
    /// input exactly.
    private static func copiedImage(_ prepared: [PreparedPanel], scene: Scene) -> Image? {
        guard prepared.count == 1, let panel = prepared.first, let offset = panel.copyOffset,
              offset.dx == 0, offset.dy == 0, panel.panel.image.size == scene.size, scene.background.alpha == 0,
              panel.panel.region == PixelRect(x: 0, y: 0, width: scene.size.width, height: scene.size.height),
              panel.panel.clip == nil,
              panel.shadeTable.count == 1, panel.shadeTable[0] == PixelLanes(repeating: 255)
        else { return nil }
        return panel.panel.image
    }
}
