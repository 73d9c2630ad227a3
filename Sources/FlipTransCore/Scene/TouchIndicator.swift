/// The finger as a phone's "show touches" draws it: a soft, translucent light-grey disc the size
/// of a fingertip, laid over the scene as one more panel, so the renderer composites it like any
/// other (docs/gestures.md#showing-the-finger).
public enum TouchIndicator {
    /// The disc's radius. A fingertip is 44 points across on a 320-point-wide phone screen:
    /// scaled with the frame's shorter side, a radius of 74 pixels in a 1080 × 1920 recording;
    /// never under 6.
    public static func radius(frame: PixelSize) -> Double {
        max(6, 22 * Double(min(frame.width, frame.height)) / 320)
    }

    /// Light grey, so that it shows on white screens and dark ones alike.
    static let shade: UInt8 = 190
    /// The disc's opacity at its centre, while the finger touches.
    static let peakOpacity = 0.6
    /// The outer part of the radius over which the disc fades to nothing.
    static let softEdge = 0.35

    /// The panel drawing the finger at `point` in a frame of `size`, at `opacity` (0…1) of its full
    /// strength; nil when it is not drawn at all.
    public static func panel(at point: Point, opacity: Double, frame size: PixelSize) -> Panel? {
        guard opacity > 0 else { return nil }
        let radius = radius(frame: size)
        let side = Int((2 * radius).rounded(.up)) + 2
        let centre = Double(side) / 2
        var pixels = [UInt8](repeating: 0, count: side * side * Image.bytesPerPixel)
        for y in 0..<side {
            for x in 0..<side {
                let distance = ((Double(x) + 0.5 - centre) * (Double(x) + 0.5 - centre)
                    + (Double(y) + 0.5 - centre) * (Double(y) + 0.5 - centre)).squareRoot()
                let inside = min(max((radius - distance) / (radius * softEdge), 0), 1)
                // Smoothstep, so the rim has no visible edge.
                let alpha = peakOpacity * opacity * inside * inside * (3 - 2 * inside)
                let a = UInt8((255 * alpha).rounded())
                let c = UInt8((Double(shade) * Double(a) / 255).rounded())
                let offset = (y * side + x) * Image.bytesPerPixel
                pixels[offset] = c
                pixels[offset + 1] = c
                pixels[offset + 2] = c
                pixels[offset + 3] = a
            }
        }
        let disc = Image(width: side, height: side, pixels: pixels)
        return Panel(image: disc, transform: .translation(point.x - centre, point.y - centre),
                     perspective: Perspective(eyeDistance: Double(max(size.width, size.height)) * 4,
                                              vanishingPoint: Point(Double(size.width) / 2, Double(size.height) / 2)))
    }
}
