/// One transition played over whole frames (docs/timing.md): a transition of duration d at f fps
/// has n = round(d·f) frames, and frame i shows time fraction t = i/(n − 1), so the first frame
/// is exactly A and the last exactly B. It may play as a board of tiles (docs/tiling.md), each
/// tile taking the timing on its own time. A finger may drive it instead (docs/gestures.md): then
/// frame i shows the gesture at i/f seconds, and the clip lasts until the gesture has settled
/// on B, or back on A.
public struct TransitionClip: Sendable {
    /// The transition played (on a board, by every tile on its own part of the images).
    public let transition: any Transition
    /// The timing: the clip's, or each tile's when it is tiled.
    public let timing: any Timing
    /// The board of tiles it plays as; `Tiling.none` for the whole frame at once.
    public let tiling: Tiling
    /// The finger driving it, if one does.
    public let gesture: Gesture?
    /// Plays a tiled clip; nil for a single tile.
    private let board: TileBoard?
    /// The rate its frames are counted at.
    public let fps: FrameRate
    /// The gesture played out; nil without a gesture, and until `fitted(to:)` for one whose
    /// motion depends on the frame's size (`Gesture.needsFrame`).
    private let motion: GestureMotion?
    /// The frames of the whole transition; for a gesture that waits for the frame, 0 until
    /// `fitted(to:)`.
    private let frames: Int
    /// True for a gesture whose motion, and so its frames, waits for `fitted(to:)`.
    public var awaitsFrameSize: Bool { gesture != nil && motion == nil }
    /// True when the final frame is left out (`leavingOutLastFrame`).
    private var leavesOutLastFrame = false
    /// Frame i shows t = i / intervals: n − 1 for a transition of n frames.
    private var intervals: Int { frames - 1 }

    /// The frames this clip shows.
    public var frameCount: Int { max(0, frames - (leavesOutLastFrame ? 1 : 0)) }

    /// Nil timing means the transition's own. A tiling refuses a transition that cannot be tiled
    /// and a stagger that leaves the tiles no time to turn.
    public init(transition: any Transition, timing: (any Timing)? = nil, tiling: Tiling = .none, duration: Double,
                fps: FrameRate) throws {
        _ = try TimelineParameters.duration.check(duration)
        try TimelineParameters.check(fps)
        let frames = fps.frames(seconds: duration)
        guard frames >= 2 else {
            throw ParameterError(parameter: "duration", value: NumberRange.format(duration),
                                 expected: "at least 2 frames long for a transition (at \(fps) fps it gives \(frames))")
        }
        self.transition = transition
        self.timing = timing ?? transition.defaultTiming
        self.tiling = tiling
        gesture = nil
        board = tiling.isSingle ? nil : try TileBoard(transition: transition, timing: self.timing, tiling: tiling, duration: duration)
        self.fps = fps
        motion = nil
        self.frames = frames
    }

    /// A clip a finger drives: it lasts as long as the gesture and its settling. A board of tiles
    /// turns all at once under the finger, so a stagger is refused.
    public init(transition: any Transition, timing: (any Timing)? = nil, tiling: Tiling = .none, gesture: Gesture,
                fps: FrameRate, frame: PixelSize? = nil) throws {
        try TimelineParameters.check(fps)
        guard tiling.stagger == 0 else {
            throw ParameterError(parameter: "stagger", value: NumberRange.format(tiling.stagger),
                                 expected: "0 with a gesture (the finger turns every tile at once)")
        }
        self.transition = transition
        self.timing = timing ?? transition.defaultTiming
        self.tiling = tiling
        self.gesture = gesture
        // With no stagger, every tile's time is the board's: the duration does not matter.
        board = tiling.isSingle ? nil : try TileBoard(transition: transition, timing: self.timing, tiling: tiling, duration: 1)
        self.fps = fps
        let motion = gesture.needsFrame && frame == nil ? nil
            : gesture.motion(direction: transition.dragDirection, frame: frame)
        if let motion, motion.duration > TimelineParameters.longestSeconds {
            let name = if case .script = gesture.input { "gesture" } else { "gesture-file" }
            throw ParameterError(parameter: name, value: "\(NumberRange.format((motion.duration * 100).rounded() / 100)) seconds with the settling after the lift",
                                 expected: "at most \(NumberRange.format(TimelineParameters.longestSeconds)) seconds long")
        }
        self.motion = motion
        frames = motion?.frameCount(fps: fps) ?? 0
    }

    /// The clip ready for a frame of `size`: a gesture whose motion depends on it is worked out.
    public func fitted(to size: PixelSize) throws -> TransitionClip {
        guard let gesture, motion == nil else { return self }
        var clip = try TransitionClip(transition: transition, timing: timing, tiling: tiling, gesture: gesture, fps: fps, frame: size)
        clip.leavesOutLastFrame = leavesOutLastFrame
        return clip
    }

    /// False when a gesture returns to A: the clip ends where it started. True otherwise, and
    /// for a gesture still waiting for the frame (`fitted(to:)` tells).
    public var completes: Bool { motion?.completes ?? true }

    /// The time fraction shown by frame `index`: i/(n − 1), or the gesture's progress at i/fps,
    /// exactly its end (0 or 1) on its last frame.
    public func timeFraction(ofFrame index: Int) -> Double {
        precondition(gesture == nil || motion != nil, "a gesture clip is fitted to the frame before it is played")
        guard let motion else { return Double(index) / Double(intervals) }
        return index >= intervals ? motion.release.end : motion.progress(at: fps.seconds(frames: index))
    }

    /// The shortest duration, in whole hundredths of a second, that gives a transition its 2
    /// frames at `fps`: round(duration × rate) ≥ 2 from 1.5 frames' time on.
    public static func shortestDuration(fps: FrameRate) -> Double {
        (150 / fps.perSecond).rounded(.up) / 100
    }

    /// The same clip without its final frame (exactly B): for a clip whose final picture the
    /// video shows next anyway (the next transition's first frame, or the loop's start).
    func leavingOutLastFrame() -> TransitionClip {
        var clip = self
        clip.leavesOutLastFrame = true
        return clip
    }

    /// The scene at time fraction `t` ∈ [0, 1], after the timing.
    public func scene(of images: [Image], at t: Double, background: Color) -> Scene {
        if let board { return board.scene(of: images, at: t, background: background) }
        return transition.scene(of: images, progress: timing.progress(at: t), background: background)
    }

    /// The scene of frame `index`, with the finger drawn over it when the gesture shows touches.
    public func scene(of images: [Image], frame index: Int, background: Color) -> Scene {
        var scene = scene(of: images, at: timeFraction(ofFrame: index), background: background)
        if let motion, let gesture, gesture.showsTouches {
            let time = fps.seconds(frames: index)
            let finger = motion.finger(at: time)
            let point = finger.point ?? FingerPath.point(progress: finger.progress, frame: scene.size,
                                                         direction: transition.dragDirection,
                                                         dragDistance: gesture.dragDistance(frame: scene.size))
            if let disc = TouchIndicator.panel(at: point, opacity: motion.touchOpacity(at: time), frame: scene.size) {
                scene.panels.append(disc)
            }
        }
        return scene
    }

    /// Refuses a board with more tiles across or down than a frame of `size` has pixels.
    public func check(frame size: PixelSize) throws {
        try tiling.grid.check(frame: size)
    }
}
