import FlipTransCore

/// An instance's frames and everything drawing one takes, kept from frame to frame: A and B
/// premultiplied, as the renderer takes them, the scene, the renderer (its prepared panels and
/// the mipmaps of A's and B's regions) and the rendered frame. Allocated at the instance's size on
/// its first frame, with room for every stage of its transition (`reserve`); from then on a
/// frame is drawn in place and allocates nothing.
struct FrameBuffers {
    /// A and B. Held here only: a second reference to their pixels (a scene's, a renderer's)
    /// would make writing the next frame's into them copy them instead.
    private var images: [Image]
    private var frame: Image
    private var scene: Scene
    private let renderer = FrameRenderer()

    /// Throws `MemoryShortage` when the system will not provide them.
    init(width: Int, height: Int) throws(MemoryShortage) {
        images = [try Image.allocate(width: width, height: height), try Image.allocate(width: width, height: height)]
        frame = try Image.allocate(width: width, height: height)
        scene = Scene(size: frame.size, background: .black, panels: [])
    }

    /// Progress values whose scenes show every stage of the transitions offered: their panels
    /// change only at 0, ½ and 1 (a page turns its other half, a clock's flap shows B), so a
    /// sixteenth apart meets each one.
    private static let stageProgress = (0...16).map { Double($0) / 16 }

    /// Makes room for every stage of `transition` (see `FrameRenderer.reserve(for:)`): its
    /// scenes' panels and the mipmaps of the regions they show are allocated now, not on the frame
    /// that first shows them.
    mutating func reserve(for transition: any Transition) throws(MemoryShortage) {
        defer { scene.panels.removeAll(keepingCapacity: true) }
        for progress in FrameBuffers.stageProgress {
            transition.scene(of: images, progress: progress, background: .black, into: &scene)
            try renderer.reserve(for: scene)
        }
    }

    /// Renders into `output` (straight RGBA). Throws `MemoryShortage` when there is no memory for
    /// a mipmap; `output` is then untouched.
    mutating func render(_ transition: any Transition, progress: Double, background: Color,
                         a inputA: UnsafeRawPointer?, b inputB: UnsafeRawPointer?, into output: UnsafeMutableRawPointer) throws(MemoryShortage) {
        StraightFrame.load(inputA, into: &images[0])
        StraightFrame.load(inputB, into: &images[1])
        transition.scene(of: images, progress: progress, background: background, into: &scene)
        // The scene's panels hold A and B: emptied, so the next frame writes them in place.
        defer { scene.panels.removeAll(keepingCapacity: true) }
        try renderer.render(scene, into: &frame)
        StraightFrame.store(frame, into: output)
    }
}
