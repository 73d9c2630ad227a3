import FlipTransCore

/// The frames and everything drawing one takes, kept from frame to frame: A and B premultiplied,
/// as the renderer takes them, the scene, the renderer (its prepared panels and the mipmaps of A's
/// and B's regions) and the rendered frame. Made for a frame size, lent to the instances of that
/// size one frame at a time (`FrameBufferPool`), with room for every stage of the transitions they
/// drew (`reserve`); once a transition has had its room, its frames are drawn in place and
/// allocate nothing. A class: an instance keeps a reference to the set it drew with last, and a
/// struct's arrays, shared with that reference, were copied by the next borrower writing them.
/// One borrower uses it at a time, handed over under the pool's lock.
final class FrameBuffers: @unchecked Sendable {
    /// A and B. Held here only: a second reference to their pixels (a scene's, a renderer's)
    /// would make writing the next frame's into them copy them instead.
    private var images: [Image]
    private var frame: Image
    private var scene: Scene
    private let renderer = FrameRenderer()
    /// The transitions room was made for, each by its type and settings, the one drawn latest
    /// last.
    private var reserved: [(type: ObjectIdentifier, settings: TransitionSettings)] = []
    /// How many `reserved` remembers: transitions of a project that overlap take turns with one
    /// set, each finding its room made; a host animating a setting (a keyframed shadow) builds a
    /// transition every frame, whose room is made again anyway, and must not grow it for ever.
    private static let remembered = 16

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

    /// Makes room for every stage of `transition`, built from `settings`, unless made before
    /// (see `FrameRenderer.reserve(for:)`): its scenes' panels and the mipmaps of the regions they
    /// show are allocated now, not on the frame that first shows them.
    func reserve(for transition: any Transition, settings: TransitionSettings) throws(MemoryShortage) {
        let type = ObjectIdentifier(Swift.type(of: transition))
        if let found = reserved.firstIndex(where: { $0.type == type && $0.settings == settings }) {
            // Kept as drawn latest, so that the one forgotten is the one drawn longest ago.
            if found != reserved.count - 1 { reserved.append(reserved.remove(at: found)) }
            return
        }
        defer { scene.panels.removeAll(keepingCapacity: true) }
        for progress in FrameBuffers.stageProgress {
            transition.scene(of: images, progress: progress, background: .black, into: &scene)
            try renderer.reserve(for: scene)
        }
        if reserved.count == Self.remembered { reserved.removeFirst() }
        reserved.append((type, settings))
    }

    /// Renders into `output` (straight RGBA). Throws `MemoryShortage` when there is no memory for
    /// a mipmap; `output` is then untouched.
    func render(_ transition: any Transition, progress: Double, background: Color,
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
