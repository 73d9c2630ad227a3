/// Everything one frame shows: a background and panels drawn in order (painter's algorithm,
/// as Core Animation flattens sibling layers), clipped to the frame.
public struct Scene: Sendable {
    /// The frame's size in pixels: a renderer draws the scene into an image of this size.
    public var size: PixelSize
    /// The colour drawn first, showing wherever no panel covers the frame (or through translucent
    /// panels).
    public var background: Color
    /// The panels, back to front: each is drawn over those before it (there is no depth buffer).
    public var panels: [Panel]

    /// A scene of `size` showing `panels` over `background`.
    public init(size: PixelSize, background: Color, panels: [Panel]) {
        self.size = size
        self.background = background
        self.panels = panels
    }
}
