import FlipTransCore

/// An instance's frames: A and B premultiplied, as the renderer takes them, and the rendered
/// frame. Allocated once, at the instance's size, and written in place on every frame after.
struct FrameBuffers {
    private var a: Image
    private var b: Image
    private var frame: Image

    /// Throws `MemoryShortage` when the system will not provide them.
    init(width: Int, height: Int) throws(MemoryShortage) {
        a = try Image.allocate(width: width, height: height)
        b = try Image.allocate(width: width, height: height)
        frame = try Image.allocate(width: width, height: height)
    }

    /// Renders into `output` (straight RGBA). The renderer is made afresh for each frame: it keeps
    /// the images it drew last (for their mipmaps), and holding on to A and B would make the next
    /// frame's writes into them copy them instead (copy-on-write). Throws `MemoryShortage` when
    /// there is no memory for a mipmap; `output` is then untouched.
    mutating func render(_ transition: any Transition, progress: Double, background: Color,
                         a inputA: UnsafeRawPointer?, b inputB: UnsafeRawPointer?, into output: UnsafeMutableRawPointer) throws(MemoryShortage) {
        StraightFrame.load(inputA, into: &a)
        StraightFrame.load(inputB, into: &b)
        do {
            let scene = transition.scene(of: [a, b], progress: progress, background: background)
            try Renderer().render(scene, into: &frame)
        }
        StraightFrame.store(frame, into: output)
    }
}
