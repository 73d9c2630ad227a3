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
        precondition(frame.size == scene.size, "frame size does not match the scene")
        let prepared = scene.panels.compactMap { PreparedPanel(panel: $0, frame: scene.size) }.joiningSeams()
        let mipmaps = try self.mipmaps.mipmaps(for: prepared)
        let bandCount = min(bands, max(scene.size.height, 1))
        BandDrawing.draw(prepared[...], mipmaps: mipmaps[...], background: scene.background, bands: bandCount, into: &frame) { drawing in
            DispatchQueue.concurrentPerform(iterations: bandCount) { drawing.draw(band: $0) }
        }
    }
}

/// One frame's drawing, cut into bands of rows that never share a pixel, so they can be drawn in
/// parallel without locking: each band filled with the background, then each prepared panel's
/// part of it drawn over that with the panel's mipmap.
struct BandDrawing: Sendable {
    let prepared: ArraySlice<PreparedPanel>
    let mipmaps: ArraySlice<Mipmap?>
    let pixels: SendablePointer<UInt32>
    let width: Int, height: Int
    let bandCount: Int
    let background: UInt32

    /// Calls `runBands` with the drawing of `frame` in `bandCount` bands (some may have no rows);
    /// it must draw every band, 0 to `bandCount − 1`, before it returns.
    static func draw(_ prepared: ArraySlice<PreparedPanel>, mipmaps: ArraySlice<Mipmap?>, background: Color, bands bandCount: Int,
                     into frame: inout Image, runBands: (BandDrawing) -> Void) {
        let (width, height) = (frame.width, frame.height)
        frame.withMutablePixels { framePixels in
            runBands(BandDrawing(prepared: prepared, mipmaps: mipmaps, pixels: SendablePointer(framePixels.baseAddress),
                                 width: width, height: height, bandCount: bandCount,
                                 background: PixelMath.pack(background.premultipliedBytes)))
        }
    }

    func draw(band: Int) {
        let rows = (height * band / bandCount)..<(height * (band + 1) / bandCount)
        let start = pixels.pointer + rows.lowerBound * width
        start.update(repeating: background, count: rows.count * width)
        for (panel, mipmap) in zip(prepared, mipmaps) {
            panel.panel.image.withPixels { texture in
                panel.draw(rows: rows, into: pixels.pointer, frameWidth: width, texture: texture, mipmap: mipmap)
            }
        }
    }
}
