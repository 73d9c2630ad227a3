/// Where a finger drags a transition on screen: along the way it moves (`Transition.dragDirection`),
/// `dragDistance` pixels for a whole transition (docs/gestures.md#drag-distance).
public enum FingerPath {
    /// The default drag distance: 150 pixels for a whole turn on a 320-pixel-wide phone screen
    /// (the classic iPhone's width in points, where a drag of 150 points turns a card), scaled
    /// with the frame's shorter side: 506 pixels for a 1080 × 1920 screen recording.
    public static func defaultDragDistance(frame: PixelSize) -> Double {
        150 * Double(min(frame.width, frame.height)) / 320
    }

    /// The `--drag-distance` option (a spec's or job's `drag-distance`): pixels above 0, up to
    /// 100 000; no default value, as the default scales with the frame (`defaultDragDistance`).
    public static let dragDistanceParameter = TransitionParameter.number(
        "drag-distance", .above(0, upTo: 100_000, unit: "pixels"), default: nil,
        help: "Pixels of drag for a whole transition (a touch trace's progress, the shown finger's path). Default: 150 × the frame's shorter side / 320.",
        valueName: "pixels")

    /// The unit vector a finger moves along to drive a transition moving `direction`.
    static func unitVector(_ direction: Direction) -> Point {
        switch direction {
        case .left: Point(-1, 0)
        case .right: Point(1, 0)
        case .up: Point(0, -1)
        case .down: Point(0, 1)
        }
    }

    /// Where a scripted finger is at `progress`: on a line through the frame's centre along the
    /// drag, passing the centre half way.
    static func point(progress: Double, frame: PixelSize, direction: Direction, dragDistance: Double) -> Point {
        let axis = unitVector(direction)
        let along = (progress - 0.5) * dragDistance
        return Point(Double(frame.width) / 2 + axis.x * along, Double(frame.height) / 2 + axis.y * along)
    }
}
