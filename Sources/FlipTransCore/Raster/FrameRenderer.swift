/// A renderer for a stream of frames drawn from images that are rewritten in place from frame to
/// frame (a frei0r instance's inputs). It keeps what drawing a frame takes — the prepared panels
/// with their edges and shade tables, the seams' index, and a mipmap for each region of each
/// image, rebuilt every frame from the image's new pixels into its own storage — so that once it
/// has drawn the scenes of a transition's stages at a size (`reserve(for:)`), a frame allocates
/// nothing. `Renderer`, which builds a mipmap once per image and keeps it, suits images that do
/// not change.
///
/// Mipmaps are kept for every image and region it has drawn, for as long as it lives: give it the
/// same images, rewritten, not new ones each frame. One caller at a time (its owner locks it):
/// it is Sendable only so that a lock may hold it.
public final class FrameRenderer: @unchecked Sendable {
    private let workers: BandWorkers
    /// Storage for panels; the first `preparedCount` are the frame's.
    private var prepared: [PreparedPanel] = []
    private var preparedCount = 0
    private var seams = EdgeIndex()
    private var mipmapsByRegion: [RegionKey: Mipmap] = [:]
    /// The frame's mipmaps, panel by panel (nil for a copied panel), and the regions rebuilt so far.
    private var mipmaps: [Mipmap?] = []
    private var rebuilt: Set<RegionKey> = []

    /// A region of an image's pixel storage.
    private struct RegionKey: Hashable {
        let storage: PixelStorageIdentity
        let x: Int, y: Int, width: Int, height: Int
    }

    /// A renderer that cuts each frame into `bands` horizontal bands drawn in parallel: one on the
    /// calling thread and one on each of `bands − 1` threads it starts and keeps for its life
    /// (fewer if the system will not start them all).
    public init(bands: Int = ProcessInfoCores.active) {
        _ = FrameRenderer.drawingIsReady
        workers = BandWorkers(bands: bands)
    }

    /// Constants of the per-pixel code that are made on first use (with the thread-local storage
    /// making them takes), and the type information a debug build looks up on a path's first use,
    /// are made once per process, here, rather than on whichever frame of whichever renderer first
    /// needs them: by drawing a small scene of a patterned image down every path — a panel
    /// squeezed sixteenfold across, so each pixel's footprint takes several taps, shaded by a
    /// gradient, its edges crossing pixels; a panel shrunk and turned in perspective (lookups
    /// inside two mipmap levels); and three thirds of the image side by side, moved by a fraction
    /// of a pixel, the first two of which are drawn as a group (`groupCongruentPanels`; the last
    /// has no seam pushed under a later one) and meet at joined seams.
    private static let drawingIsReady: Bool = {
        let (width, height) = (64, 16)
        var bytes: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { bytes += [UInt8(x * 4), UInt8(y * 16), UInt8((x * y) % 256), 255] }
        }
        let image = Image(width: width, height: height, pixels: bytes)
        let perspective = Perspective(eyeDistance: 1000, vanishingPoint: Point(8, 8))
        let shading = Shading(opacity: 0.5, gradient: Shading.Gradient(from: Point(0, 0), to: Point(64, 0), stops: [(0, 0), (1, 1)]))
        let squeezed = Panel(image: image, transform: Transform3D.scale(1.0 / 16, 0.9).then(.translation(5.3, 0.7)),
                             perspective: perspective, shading: shading)
        let turned = Panel(image: image, transform: Transform3D.scale(0.4, 0.8).then(.rotationY(degrees: 30)).then(.translation(8.2, 0.3)),
                           perspective: Perspective(eyeDistance: 100, vanishingPoint: Point(20, 8)))
        let thirds = [0, 21, 42].map { x in
            var third = Panel(image: image, transform: .translation(0.3, 0.4), perspective: perspective)
            third.region = PixelRect(x: x, y: 0, width: 21, height: height)
            return third
        }
        _ = Renderer(bands: 1).render(Scene(size: PixelSize(width: width, height: height), background: .black,
                                            panels: [squeezed, turned] + thirds))
        return true
    }()

    /// Renders `scene` into `frame`, which must be its size. Throws `MemoryShortage` when there is
    /// no memory for a region's first mipmap.
    public func render(_ scene: Scene, into frame: inout Image) throws(MemoryShortage) {
        precondition(frame.size == scene.size, "frame size does not match the scene")
        try prepare(scene)
        // A frame with fewer stripes than there are bands leaves some with none.
        BandDrawing.draw(prepared[..<preparedCount], mipmaps: mipmaps[...], background: scene.background, bands: workers.bands,
                         into: &frame) { workers.perform($0) }
        releaseImages()
    }

    /// Makes room for drawing `scene` without drawing it: the storage its panels, seams and
    /// mipmaps take is allocated now rather than when a frame first shows it. Throws
    /// `MemoryShortage` when there is no memory for a mipmap.
    public func reserve(for scene: Scene) throws(MemoryShortage) {
        try prepare(scene)
        releaseImages()
    }

    /// Works out the scene's panels, their seams and their mipmaps, in the storage kept.
    private func prepare(_ scene: Scene) throws(MemoryShortage) {
        preparedCount = 0
        for panel in scene.panels {
            if preparedCount == prepared.count { prepared.append(PreparedPanel()) }
            if prepared[preparedCount].prepare(panel, frame: scene.size) { preparedCount += 1 }
        }
        prepared.joinSeams(count: preparedCount, using: &seams)
        prepared.groupCongruentPanels(count: preparedCount)
        mipmaps.removeAll(keepingCapacity: true)
        rebuilt.removeAll(keepingCapacity: true)
        for index in 0..<preparedCount {
            let panel = prepared[index]
            guard panel.copyOffset == nil else {
                mipmaps.append(nil)
                continue
            }
            let (image, region) = (panel.panel.image, panel.panel.region)
            let key = RegionKey(storage: image.pixelStorage, x: region.x, y: region.y, width: region.width, height: region.height)
            if let mipmap = mipmapsByRegion[key] {
                if rebuilt.insert(key).inserted { mipmap.rebuild(from: image) }
                mipmaps.append(mipmap)
            } else {
                let mipmap = try Mipmap(image: image, region: region)
                mipmapsByRegion[key] = mipmap
                rebuilt.insert(key)
                mipmaps.append(mipmap)
            }
        }
    }

    /// Lets go of the scene's images, which the panels hold: their owner then writes the next
    /// frame's pixels in place rather than into copies.
    private func releaseImages() {
        for index in 0..<preparedCount { prepared[index].releaseImage() }
    }
}

extension Image {
    /// No pixels (an array with no storage of its own).
    static let empty = Image(width: 0, height: 0, pixels: [])
}
