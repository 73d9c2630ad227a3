extension Scene {
    /// Empties the scene for a new one of `size` and `background`, keeping its panels' storage.
    mutating func restart(size: PixelSize, background: Color) {
        self.size = size
        self.background = background
        panels.removeAll(keepingCapacity: true)
    }
}
