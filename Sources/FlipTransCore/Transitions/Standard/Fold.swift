import Glibc

/// The fold (docs/transitions/fold.md), after MPFoldTransition: A's two halves fold away from the
/// viewer into the fold line while B's halves, the sleeves, close in from the frame's edges —
/// lying flat (normal) or turning in at right angles to A's like the faces of a block (cubic).
/// Unfolding is the same motion played backwards with the images' roles swapped.
///
/// All the motion happens in the cross-section across the fold line, so it is worked out there —
/// as (across, depth): across is y for a vertical fold and x for a horizontal one — and only
/// turned into 3D transforms at the end.
public struct Fold: Transition {
    public static let name = "fold"
    /// `fold` shares the transition's name, so `--fold cubic` picks the transition and its mode.
    public static let parameters = [
        TransitionParameter.choice("fold", FoldStyle.allCases.map(\.rawValue),
                                   help: "normal: B's halves slide in flat; cubic: they turn in like the faces of a block."),
        TransitionParameter.choice("orientation", Orientation.allCases.map(\.rawValue),
                                   help: "vertical: top and bottom halves fold; horizontal: left and right."),
        TransitionParameter.flag("unfold", help: "Play it backwards: B unfolds out of the centre line while A slides out."),
    ]
    /// The fold has an orientation instead of a direction.
    public static let directions: [Direction] = []

    /// How B's halves come in: flat (`normal`) or turning in like the faces of a block (`cubic`).
    public let style: FoldStyle
    /// Which halves fold: `vertical` folds the top and bottom halves into a horizontal line,
    /// `horizontal` the left and right halves into a vertical one.
    public let orientation: Orientation
    /// True to play the fold backwards: B unfolds out of the centre line while A's halves slide
    /// out.
    public let unfold: Bool
    /// Eye distance in pixels; nil for the default.
    public let eyeDistance: Double?
    /// Multiplies every shadow's opacity; 0 turns shading off.
    public let shadow: Double

    /// Eye distance as a multiple of h, half the frame across the fold line (MPFoldTransition:
    /// 4.666667 × the height of a folding panel).
    static let eyeDistanceFactor = 4.667
    /// The shadows' maximum opacity.
    static let shadowOpacity = 0.25
    /// Alpha at the lower fold's hinge in normal mode: a gradient fading to clear would leave no
    /// visible crease against a sleeve of the same colour.
    static let normalLowerHingeAlpha = 0.25

    /// A fold of `style` and `orientation`, played backwards with `unfold`, seen from `perspective`
    /// pixels (nil: 4.667 × half the frame across the fold line), shading `shadow` times the
    /// default. Throws a `ParameterError` for a perspective not above 0 or a shadow outside 0 … 4.
    public init(style: FoldStyle = .normal, orientation: Orientation = .vertical, unfold: Bool = false,
                perspective: Double? = nil, shadow: Double = 1) throws {
        self.style = style
        self.orientation = orientation
        self.unfold = unfold
        eyeDistance = try perspective.map(SharedParameters.perspective.check)
        self.shadow = try SharedParameters.shadow.check(shadow)
    }

    /// Reads `fold` (default `normal`), `orientation` (default `vertical`), `unfold`, perspective
    /// and shadow; the fold ignores the direction.
    public init(settings: TransitionSettings) throws {
        let values = settings.parameters
        try self.init(style: try values.choice("fold", as: FoldStyle.self) ?? .normal,
                      orientation: try values.choice("orientation", as: Orientation.self) ?? .vertical,
                      unfold: try values.flag("unfold"), perspective: settings.perspective, shadow: settings.shadow)
    }

    /// Folding decelerates into the fold line; unfolding, its time-reverse, accelerates out of it.
    public var defaultTiming: any Timing { unfold ? TimingCurve.easeIn : TimingCurve.easeOut }

    /// A finger pushes the halves together: up across a vertical fold's line, left across a horizontal one's.
    public var dragDirection: Direction { orientation == .vertical ? .up : .left }

    public func scene(of images: [Image], progress: Double, background: Color) -> Scene {
        freshScene(of: images, progress: progress, background: background)
    }

    public func scene(of images: [Image], progress: Double, background: Color, into scene: inout Scene) {
        // A timing that overshoots [0, 1] (a spring) holds the fold at its ends: past 90° the
        // halves would turn their backs, and below 0 fold toward the viewer out of the frame.
        let e = min(max(progress, 0), 1)
        let (a, b) = (images[0], images[1])
        let (folding, sliding, foldAngle) = unfold ? (b, a, 90 * (1 - e)) : (a, b, 90 * e)
        scene.restart(size: a.size, background: background)
        addPanels(folding: folding, sliding: sliding, foldAngle: foldAngle, to: &scene.panels)
    }

    /// A point of the cross-section: position across the fold line and depth (z, negative away
    /// from the viewer).
    private typealias CrossPoint = (across: Double, depth: Double)

    /// The four panels at fold angle φ (0: `folding` lies flat; 90°: `sliding` does), in draw
    /// order: top sleeve, upper fold, lower fold, bottom sleeve.
    private func addPanels(folding: Image, sliding: Image, foldAngle φ: Double, to panels: inout [Panel]) {
        let size = folding.size
        let halves = Split.halves(of: size, orientation: orientation)
        let (upper, lower, centre) = orientation == .vertical
            ? (Double(halves.first.height), Double(halves.second.height), Double(size.height) / 2)
            : (Double(halves.first.width), Double(halves.second.width), Double(size.width) / 2)
        let eye = eyeDistance ?? Fold.eyeDistanceFactor * centre
        let perspective = Perspective(eyeDistance: eye,
                                      vanishingPoint: Point(Double(size.width) / 2, Double(size.height) / 2))
        let (sinφ, cosφ) = Transform3D.sinCos(φ)

        // Hinges (fold meets sleeve) stay in the frame's plane and close from the frame's edges
        // (φ = 0) onto the split line `upper` (φ = 90°): y₁ = Hu(1 − cos φ), y₂ = Hu + Hl·cos φ,
        // which are h(1 ∓ cos φ) when Hu = Hl = h (docs/transitions/fold.md).
        let upperHinge: CrossPoint = (upper * (1 - cosφ), 0)
        let lowerHinge: CrossPoint = (upper + lower * cosφ, 0)
        // The crease, shared by both folds, is at depth −Hu·sin φ on the eye's ray
        // through the split line: o + (p − o)·D/(D − z) = Hu gives p = o + (Hu − o)·(D − z)/D, so
        // it projects onto the split line at every angle and both folds vanish edge-on there at
        // 90°. For even sizes Hu = o = h: this is the centre line, and each fold is a rigid half
        // tilted by φ. For odd sizes no two rigid halves of different lengths can share a crease
        // and vanish together, so each fold spans hinge to crease, stretched along its length:
        // the lower one by up to about Hu/Hl, the upper one imperceptibly.
        let creaseDepth = -upper * sinφ
        let crease: CrossPoint = (centre + (upper - centre) * (eye - creaseDepth) / eye, creaseDepth)

        // Normal sleeves lie flat; cubic ones stay at 90° to their folds: tilted away by 90° − φ
        // about their hinges. That follows the fold angle, not the folds' exact tilt (a hair
        // less for odd sizes), so that a sleeve lies exactly flat at φ = 90°.
        let sleeveTilt = style == .cubic ? 90 - φ : 0
        let (sinτ, cosτ) = Transform3D.sinCos(sleeveTilt)
        let topEdge: CrossPoint = (upperHinge.across - upper * cosτ, -upper * sinτ)
        let bottomEdge: CrossPoint = (lowerHinge.across + lower * cosτ, -lower * sinτ)

        // Shadows darken with tilt: 0.25·(1 − cos φ) on the folds, 0.25·(1 − sin φ) on cubic
        // sleeves, which is 0.25·(1 − cos τ) and so nothing on flat (normal) sleeves.
        let foldShade = shadow * Fold.shadowOpacity * (1 - cosφ)
        let sleeveShade = shadow * Fold.shadowOpacity * (1 - cosτ)
        let lowerFoldStops = style == .normal ? Fold.normalLowerFoldStops : Fold.darkeningToFreeEdge
        let top = 0.0, split = upper, bottom = upper + lower
        panels.append(panel(sliding, halves.first, perspective, hinge: (split, upperHinge), free: (top, topEdge),
                            shade: (sleeveShade, Fold.darkeningToFreeEdge)))
        panels.append(panel(folding, halves.first, perspective, hinge: (top, upperHinge), free: (split, crease),
                            shade: (foldShade, Fold.darkeningToHinge)))
        panels.append(panel(folding, halves.second, perspective, hinge: (bottom, lowerHinge), free: (split, crease),
                            shade: (foldShade, lowerFoldStops)))
        panels.append(panel(sliding, halves.second, perspective, hinge: (split, lowerHinge), free: (bottom, bottomEdge),
                            shade: (sleeveShade, Fold.darkeningToFreeEdge)))
    }

    /// The gradients' stops, hinge (0) to free edge (1); made once, so that a scene allocates none.
    private static let darkeningToFreeEdge: [(position: Double, alpha: Double)] = [(0, 0), (1, 1)]
    private static let darkeningToHinge: [(position: Double, alpha: Double)] = [(0, 1), (1, 0)]
    private static let normalLowerFoldStops: [(position: Double, alpha: Double)] = [(0, normalLowerHingeAlpha), (1, 1)]

    /// A panel showing `region` of `image` with its hinge and free edges (image lines — rows for a
    /// vertical fold, columns for a horizontal one) placed at the given cross-section points, and a
    /// black gradient from the hinge to the free edge.
    private func panel(_ image: Image, _ region: PixelRect, _ perspective: Perspective,
                       hinge: (line: Double, at: CrossPoint), free: (line: Double, at: CrossPoint),
                       shade: (opacity: Double, stops: [(position: Double, alpha: Double)])) -> Panel {
        func imagePoint(_ line: Double) -> Point { orientation == .vertical ? Point(0, line) : Point(line, 0) }
        // No shading at zero opacity, so a panel lying flat is copied bit-exact (PreparedPanel.copyOffset).
        let shading = shade.opacity > 0
            ? Shading(opacity: shade.opacity, gradient: .init(from: imagePoint(hinge.line), to: imagePoint(free.line),
                                                               stops: shade.stops))
            : .none
        return Panel(image: image, region: region, transform: placement(hinge: hinge, free: free),
                     perspective: perspective, shading: shading)
    }

    /// The transform taking image line `hinge.line` to `hinge.at` and `free.line` to `free.at`,
    /// linearly in between, leaving the other image axis alone: move the hinge line to the
    /// origin, stretch to the edges' distance, turn about the hinge line, move into place.
    private func placement(hinge: (line: Double, at: CrossPoint), free: (line: Double, at: CrossPoint)) -> Transform3D {
        let lines = free.line - hinge.line
        let (across, depth) = (free.at.across - hinge.at.across, free.at.depth - hinge.at.depth)
        let stretch = (across * across + depth * depth).squareRoot() / abs(lines)
        let sign: Double = lines > 0 ? 1 : -1
        switch orientation {
        case .vertical:
            // rotateX(θ) takes (y, 0) to (y·cos θ, y·sin θ).
            let θ = atan2(sign * depth, sign * across) * 180 / .pi
            return Transform3D.translation(0, -hinge.line)
                .then(.scale(1, stretch))
                .then(.rotationX(degrees: θ))
                .then(.translation(0, hinge.at.across, hinge.at.depth))
        case .horizontal:
            // rotateY(θ) takes (x, 0) to (x·cos θ, −x·sin θ).
            let θ = atan2(-sign * depth, sign * across) * 180 / .pi
            return Transform3D.translation(-hinge.line, 0)
                .then(.scale(stretch, 1))
                .then(.rotationY(degrees: θ))
                .then(.translation(hinge.at.across, 0, hinge.at.depth))
        }
    }
}

/// The fold's two looks.
public enum FoldStyle: String, Sendable, CaseIterable {
    /// B's halves slide in flat from the frame's edges.
    case normal
    /// B's halves turn in at right angles to A's, like the faces of a turning block.
    case cubic
}
