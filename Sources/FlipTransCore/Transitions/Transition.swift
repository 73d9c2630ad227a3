/// A 3D transition: at each progress value it builds the scene to draw from its images.
///
/// A transition declares what it needs and what a user may change: its name, its own
/// parameters beside the shared ones (direction, perspective, shadow, timing), how many images it
/// draws from, its timing, and whether it also draws the still frames around it. "Adding a
/// transition" in docs/architecture.md walks through writing one; the command line, specs, job
/// files, `--transition cycle` and the contract tests pick it up from `TransitionRegistry`.
public protocol Transition: Sendable {
    /// Its name on the command line, in specs and job files.
    static var name: String { get }
    /// Its own knobs, beside the shared ones. Default: none.
    static var parameters: [TransitionParameter] { get }
    /// The directions it can move in; empty if it has none (the fold has an orientation
    /// instead, and ignores `--direction`). Default: all four.
    static var directions: [Direction] { get }

    /// Builds it from shared settings and values of its own parameters; throws a
    /// `ParameterError` for a value it does not accept.
    init(settings: TransitionSettings) throws

    /// How many images it draws from: the current one and those after it. 2 (A and B) unless
    /// it shows a deck; it may be given fewer near the end of a slideshow, but never fewer than 2.
    var imageCount: Int { get }

    /// How time becomes progress when the user gives no `--timing`: a CSS curve, or a staged
    /// timing of its own.
    var defaultTiming: any Timing { get }

    /// The way a finger drags it on screen (docs/gestures.md): a touch trace's progress is the
    /// drag this way, and a shown finger moves this way. Default: its first direction, else up.
    var dragDirection: Direction { get }

    /// True when a held slide shows this transition's scene (at its start, or at its end for a
    /// slideshow's last slide) rather than the plain image: a deck stays on screen between turns.
    var drawsHolds: Bool { get }

    /// The scene at progress `e` (0 shows the start, exactly `images[0]` unless the transition
    /// draws holds; 1 the end, exactly `images[1]`). The images have the frame's size, and so
    /// has the scene (a player throws `TransitionError.sceneSize` otherwise);
    /// `background` shows wherever no panel covers the frame. On a board of tiles the images are
    /// stand-ins of a tile's size (docs/tiling.md): build panels from them, never read their pixels.
    func scene(of images: [Image], progress e: Double, background: Color) -> Scene

    /// The same scene, written into `scene`: a transition that appends its panels to
    /// `scene.panels` after emptying it (keeping its capacity) allocates nothing for a scene once
    /// `scene` has held one of each of its stages, which a renderer drawing frame after frame
    /// (`FrameRenderer`) relies on. Default: the scene built afresh.
    func scene(of images: [Image], progress e: Double, background: Color, into scene: inout Scene)
}

extension Transition {
    /// Default: no parameters of its own.
    public static var parameters: [TransitionParameter] { [] }
    /// Default: all four directions.
    public static var directions: [Direction] { Direction.allCases }
    /// Default: 2, A and B.
    public var imageCount: Int { 2 }
    /// Default: false; holds show the plain images.
    public var drawsHolds: Bool { false }
    /// Default: the first of `directions`, or `up` for a transition without any.
    public var dragDirection: Direction { Self.directions.first ?? .up }

    /// Default: the scene built afresh by `scene(of:progress:background:)` and assigned, so it
    /// allocates as that does.
    public func scene(of images: [Image], progress e: Double, background: Color, into scene: inout Scene) {
        scene = self.scene(of: images, progress: e, background: background)
    }

    /// A new scene from `scene(of:progress:background:into:)`, for transitions that build their
    /// scenes in place.
    func freshScene(of images: [Image], progress e: Double, background: Color) -> Scene {
        var scene = Scene(size: images[0].size, background: background, panels: [])
        self.scene(of: images, progress: e, background: background, into: &scene)
        return scene
    }
}
