/// Everything one frame shows: a background and panels drawn in order (painter's algorithm,
/// as Core Animation flattens sibling layers), clipped to the frame.
public struct Scene: Sendable {
    public var size: PixelSize
    public var background: Color
    public var panels: [Panel]

    public init(size: PixelSize, background: Color, panels: [Panel]) {
        self.size = size
        self.background = background
        self.panels = panels
    }
}
