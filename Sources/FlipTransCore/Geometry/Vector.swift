/// A point or direction in the 3D scene: frame pixels, x right, y down, z toward the viewer.
public struct Vector3: Sendable, Equatable {
    /// Pixels to the right of the frame's left edge.
    public var x: Double
    /// Pixels down from the frame's top edge.
    public var y: Double
    /// Pixels toward the viewer from the screen plane; negative behind it.
    public var z: Double

    /// The vector (x, y, z), in pixels.
    public init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }
}

/// A point on the screen (the output frame), in pixels from the top-left corner.
public struct Point: Sendable, Equatable {
    /// Pixels to the right of the left edge.
    public var x: Double
    /// Pixels down from the top edge.
    public var y: Double

    /// The point (x, y), in pixels from the top-left corner.
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}
