/// One flat, single-sided, textured rectangle of the scene: a region of an image, placed in 3D.
///
/// The panel's local coordinates are its image's pixel coordinates, so the identity transform
/// draws the region exactly where it sits in the image (all images are frame-sized).
public struct Panel: Sendable {
    /// The image the panel shows a region of; frame-sized, premultiplied as every `Image` is.
    public var image: Image
    /// The part of `image` this panel shows.
    public var region: PixelRect
    /// Maps image coordinates (x, y, 0) to the 3D scene.
    public var transform: Transform3D
    /// How the transformed panel is projected onto the screen: the eye distance and vanishing
    /// point.
    public var perspective: Perspective
    /// The black overlay darkening the panel; `.none` for none.
    public var shading: Shading
    /// The part of the frame the panel may be drawn in (its tile of a board,
    /// docs/tiling.md); nil for the whole frame. Whatever lies outside is cut away, as the
    /// frame's edge cuts away what lies beyond it.
    public var clip: PixelRect?
    /// Whether the panel hides what lies under it within its outline even where its image is
    /// transparent, showing the scene's background there: a sheet that lifts off others (a page,
    /// a clock's flap) goes on hiding them as it did lying flat over them, rather than letting them
    /// show through its transparent parts all at once the moment it moves. False: composited over
    /// what lies under it.
    public var hidesWhatLiesUnder = false

    /// A panel showing `region` of `image` (all of it when nil), placed by `transform` and seen
    /// through `perspective`, darkened by `shading`, with no clip.
    public init(image: Image, region: PixelRect? = nil, transform: Transform3D = .identity,
                perspective: Perspective, shading: Shading = .none) {
        self.image = image
        self.region = region ?? PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        self.transform = transform
        self.perspective = perspective
        self.shading = shading
    }

    /// The region's corners on screen, clockwise from the top-left as the viewer sees the
    /// front face, or nil when a corner is at or behind the eye.
    public var projectedCorners: [Point]? {
        let corners = [(region.x, region.y), (region.x + region.width, region.y),
                       (region.x + region.width, region.y + region.height), (region.x, region.y + region.height)]
        var projected: [Point] = []
        for (x, y) in corners {
            let p = transform.apply(Vector3(Double(x), Double(y), 0))
            guard perspective.weight(atDepth: p.z) > 0 else { return nil }
            projected.append(perspective.project(p))
        }
        return projected
    }

    /// True while the front face points at the viewer: decided by the sign of the projected
    /// quad's area (y points down, so the front face's corners run clockwise: positive area).
    public var isFacingViewer: Bool {
        guard let corners = projectedCorners else { return false }
        return Panel.signedArea(corners) > 0
    }

    static func signedArea(_ polygon: some RandomAccessCollection<Point>) -> Double {
        guard let first = polygon.first else { return 0 }
        var twiceArea = 0.0
        var index = polygon.startIndex
        while index != polygon.endIndex {
            let next = polygon.index(after: index)
            let (a, b) = (polygon[index], next == polygon.endIndex ? first : polygon[next])
            twiceArea += a.x * b.y - b.x * a.y
            index = next
        }
        return twiceArea / 2
    }
}
