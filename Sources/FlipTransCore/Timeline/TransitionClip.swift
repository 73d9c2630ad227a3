/// One transition played over whole frames (docs/timing.md): a transition of duration d at f fps
/// has n = round(d·f) frames, and frame i shows time fraction t = i/(n − 1), so the first frame
/// is exactly A and the last exactly B. It may play as a board of tiles (docs/tiling.md), each
/// tile taking the timing on its own time.
public struct TransitionClip: Sendable {
    public let transition: any Transition
    /// The timing: the clip's, or each tile's when it is tiled.
    public let timing: any Timing
    public let tiling: Tiling
    /// Plays a tiled clip; nil for a single tile.
    private let board: TileBoard?
    /// The frames this clip shows.
    public private(set) var frameCount: Int
    /// Frame i shows t = i / intervals: n − 1 for a transition of n frames.
    private let intervals: Int

    /// Nil timing means the transition's own. A tiling refuses a transition that cannot be tiled
    /// and a stagger that leaves the tiles no time to turn.
    public init(transition: any Transition, timing: (any Timing)? = nil, tiling: Tiling = .none, duration: Double,
                fps: FrameRate) throws {
        _ = try TimelineParameters.duration.check(duration)
        try TimelineParameters.check(fps)
        let frames = Self.frameCount(seconds: duration, fps: fps)
        guard frames >= 2 else {
            throw ParameterError(parameter: "duration", value: NumberRange.format(duration),
                                 expected: "at least 2 frames long for a transition (at \(fps) fps it gives \(frames))")
        }
        self.transition = transition
        self.timing = timing ?? transition.defaultTiming
        self.tiling = tiling
        board = tiling.isSingle ? nil : try TileBoard(transition: transition, timing: self.timing, tiling: tiling, duration: duration)
        self.frameCount = frames
        self.intervals = frames - 1
    }

    /// round(seconds × fps): how many frames a span of time covers.
    public static func frameCount(seconds: Double, fps: FrameRate) -> Int {
        fps.frames(seconds: seconds)
    }

    /// The time fraction shown by frame `index` (0 for the first frame, 1 for the last).
    public func timeFraction(ofFrame index: Int) -> Double {
        Double(index) / Double(intervals)
    }

    /// The same clip without its final frame (exactly B): for a video that loops back to a
    /// still of B, which would otherwise show that frame twice in a row at the join.
    public func leavingOutLastFrame() -> TransitionClip {
        var clip = self
        clip.frameCount -= 1
        return clip
    }

    /// The scene at time fraction `t` ∈ [0, 1], after the timing.
    public func scene(of images: [Image], at t: Double, background: Color) -> Scene {
        if let board { return board.scene(of: images, at: t, background: background) }
        return transition.scene(of: images, progress: timing.progress(at: t), background: background)
    }

    /// Refuses a board with more tiles across or down than a frame of `size` has pixels.
    public func check(frame size: PixelSize) throws {
        try tiling.grid.check(frame: size)
    }
}
