import Foundation
import Testing
import FlipTransCore

/// The fold transition (docs/transitions/fold.md). Panels come in draw order: top sleeve, upper fold,
/// lower fold, bottom sleeve; "across" is the axis across the fold line (y for vertical folds).
struct FoldTests {
    /// All eight looks: normal or cubic, fold or unfold, vertical or horizontal.
    static let styles: [Fold] = FoldStyle.allCases.flatMap { style in
        [false, true].flatMap { unfold in
            Orientation.allCases.map { try! Fold(style: style, orientation: $0, unfold: unfold) }
        }
    }
    /// An even size and an odd one, where the two halves differ by a pixel.
    static let sizes = [PixelSize(width: 64, height: 48), PixelSize(width: 63, height: 47)]
    static let progressSteps = (0...40).map { Double($0) / 40 }

    static let red = Color(red: 255, green: 0, blue: 0)
    static let green = Color(red: 0, green: 255, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 255)

    // MARK: geometry

    @Test(arguments: styles, sizes)
    func panelsMeetEdgeToEdgeOnScreen(fold: Fold, size: PixelSize) throws {
        let image = Image(width: size.width, height: size.height, filledWith: Self.red)
        for e in Self.progressSteps {
            let scene = fold.scene(of: [image, image], progress: e, background: .black)
            let spans = scene.panels.filter(\.isFacingViewer).map { span(of: $0, across: fold.orientation) }
                .sorted { $0.lowerBound < $1.lowerBound }
            for (above, below) in zip(spans, spans.dropFirst()) {
                #expect(abs(above.upperBound - below.lowerBound) < 1e-9, "gap or overlap at e = \(e): \(spans)")
            }
            if fold.style == .normal {
                // Flat sleeves reach the frame's edges: the panels always cover the whole frame.
                #expect(spans.first!.lowerBound <= 0 && spans.last!.upperBound >= Double(length(of: size, fold)))
            }
        }
    }

    @Test(arguments: styles, sizes)
    func creaseIsSharedAndProjectsOntoTheSplitLine(fold: Fold, size: PixelSize) throws {
        let image = Image(width: size.width, height: size.height, filledWith: Self.red)
        let halves = Split.halves(of: size, orientation: fold.orientation)
        let vertical = fold.orientation == .vertical
        let split = Double(vertical ? halves.first.height : halves.first.width)
        if length(of: size, fold) % 2 == 0 { #expect(split == Double(length(of: size, fold)) / 2) }
        for e in Self.progressSteps {
            let scene = fold.scene(of: [image, image], progress: e, background: .black)
            let (upperFold, lowerFold) = (scene.panels[1], scene.panels[2])
            // Crease corners, in projectedCorners order (clockwise from the top-left).
            let (upperCrease, lowerCrease) = vertical ? ([3, 2], [0, 1]) : ([1, 2], [0, 3])
            let onScreen = upperCrease.map { upperFold.projectedCorners![$0] } + lowerCrease.map { lowerFold.projectedCorners![$0] }
            for point in onScreen {
                #expect(abs((vertical ? point.y : point.x) - split) < 1e-9, "crease off the split line at e = \(e)")
            }
            // Both folds show the split line as their crease: it is one line in 3D, at depth −Hu·sin φ
            // with φ = 90°·e folding and 90°·(1 − e) unfolding.
            let φ = (fold.unfold ? 1 - e : e) * .pi / 2
            for along in [0.0, 10] {
                let onSplit = vertical ? Vector3(along, split, 0) : Vector3(split, along, 0)
                let (a, b) = (upperFold.transform.apply(onSplit), lowerFold.transform.apply(onSplit))
                #expect(abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 && abs(a.z - b.z) < 1e-9)
                #expect(abs(a.z + split * sin(φ)) < 1e-9)
            }
        }
    }

    @Test(arguments: [false, true])
    func cubicSleevesStartHiddenBehindTheirHinges(unfold: Bool) throws {
        let fold = try Fold(style: .cubic, unfold: unfold)
        let image = Image(width: 64, height: 48, filledWith: Self.red)
        func sleeves(atFoldAngle φ: Double) -> [Panel] {
            let e = unfold ? 1 - φ / 90 : φ / 90
            let panels = fold.scene(of: [image, image], progress: e, background: .black).panels
            return [panels[0], panels[3]]
        }
        // At φ = 0 a cubic sleeve stands at 90° to the screen, reaching back from the frame's
        // edge: from the centre line the eye sees its back (a block's top face from below), and
        // until tan φ > h/D (φ ≈ 12°) it stays folded behind its fold's hinge.
        #expect(sleeves(atFoldAngle: 0).allSatisfy { !$0.isFacingViewer })
        #expect(sleeves(atFoldAngle: 6).allSatisfy { !$0.isFacingViewer })
        #expect(sleeves(atFoldAngle: 45).allSatisfy { $0.isFacingViewer })
    }

    // MARK: rendered frames

    /// Solid A (red) and B (green) on a blue background, without shadows, so each pixel's blue is
    /// exactly how much background shows through it.
    @Test(arguments: styles, sizes)
    func noBackgroundShowsBetweenPanels(fold: Fold, size: PixelSize) throws {
        let fold = try Fold(style: fold.style, orientation: fold.orientation, unfold: fold.unfold, shadow: 0)
        let a = Image(width: size.width, height: size.height, filledWith: Self.red)
        let b = Image(width: size.width, height: size.height, filledWith: Self.green)
        let renderer = Renderer()
        for e in Self.progressSteps {
            let scene = fold.scene(of: [a, b], progress: e, background: Self.blue)
            let line = centreLine(of: renderer.render(scene), fold)
            let covered = line.indices.filter { line[$0].b < 255 }
            let (first, last) = (covered.first!, covered.last!)
            if fold.style == .normal {
                #expect(first == 0 && last == line.count - 1, "normal mode covers the whole frame (e = \(e))")
            }
            // Where two panels' antialiased edges share a pixel, coverages c and 1 − c composited
            // one over the other would let c(1 − c) of the background through (a seam): the panel
            // drawn first reaches under the next one (Seams.swift), so nothing shows.
            for i in (first + 1)..<last {
                #expect(line[i].b <= 1, "background shows at \(i) of \(line.count), e = \(e)")
            }
            // Each image shows exactly as much as its visible panels span: an overlap, a gap or
            // a seam would change it. The tolerance is 8-bit rounding, and where a panel is thinner
            // than a pixel, the error of compositing its two edges' coverages as if independent.
            let visible = scene.panels.filter(\.isFacingViewer).map {
                (image: $0.image, span: self.span(of: $0, across: fold.orientation).clamped(to: 0...Double(line.count)))
            }
            let tolerance = visible.contains { $0.span.upperBound - $0.span.lowerBound < 1 } ? 0.07 : 0.01
            let pixelsOf = { (image: Image) in
                visible.filter { $0.image == image }.reduce(0) { $0 + $1.span.upperBound - $1.span.lowerBound }
            }
            #expect(abs(line.reduce(0) { $0 + Double($1.r) } / 255 - pixelsOf(a)) <= tolerance, "A's share at e = \(e)")
            #expect(abs(line.reduce(0) { $0 + Double($1.g) } / 255 - pixelsOf(b)) <= tolerance, "B's share at e = \(e)")
        }
    }

    @Test(arguments: styles, sizes)
    func endpointsShowTheInputsExactly(fold: Fold, size: PixelSize) throws {
        let a = textured(size, seed: 1), b = textured(size, seed: 2)
        let renderer = Renderer()
        for (e, expected) in [(0.0, a), (1.0, b)] {
            let scene = fold.scene(of: [a, b], progress: e, background: Self.blue)
            #expect(renderer.render(scene) == expected)
            // The panels in view lie flat and unshaded, so the renderer copies them instead of
            // resampling them (the others are back-facing, edge-on or off the frame: never drawn).
            let frame = 0...Double(length(of: size, fold))
            let inView = scene.panels.filter {
                let onScreen = span(of: $0, across: fold.orientation).clamped(to: frame)
                return $0.isFacingViewer && onScreen.upperBound - onScreen.lowerBound > 1e-6
            }
            #expect(inView.count == 2 && inView.allSatisfy { $0.shading == .none })
        }
    }

    /// Unfolding is defined as folding played backwards with the images swapped, so the frames
    /// match byte for byte (no tolerance needed: both build the same scene from the same angle).
    @Test(arguments: FoldStyle.allCases, Orientation.allCases)
    func unfoldIsFoldPlayedBackwardsWithImagesSwapped(style: FoldStyle, orientation: Orientation) throws {
        let foldForward = try Fold(style: style, orientation: orientation)
        let unfold = try Fold(style: style, orientation: orientation, unfold: true)
        let a = textured(Self.sizes[1], seed: 3), b = textured(Self.sizes[1], seed: 4)
        let renderer = Renderer()
        for e in [0.1, 0.3, 0.5, 0.77] {
            let unfolding = renderer.render(unfold.scene(of: [a, b], progress: e, background: Self.blue))
            let folding = renderer.render(foldForward.scene(of: [b, a], progress: 1 - e, background: Self.blue))
            #expect(unfolding == folding, "e = \(e)")
            #expect(unfolding != a && unfolding != b)
        }
    }

    // MARK: shadows

    @Test(arguments: FoldStyle.allCases)
    func shadowsFollowTheFoldAngle(style: FoldStyle) throws {
        let fold = try Fold(style: style)
        let image = Image(width: 64, height: 48, filledWith: Self.red)
        let panels = fold.scene(of: [image, image], progress: 1.0 / 3, background: .black).panels
        let foldShade = 0.25 * (1 - cos(.pi / 6))   // φ = 30°
        let (topSleeve, upperFold, lowerFold, bottomSleeve) = (panels[0], panels[1], panels[2], panels[3])
        // Gradient alphas at the top (y = 0), split line (24) and bottom (48) of each half.
        #expect(abs(upperFold.shading.alpha(atX: 10, y: 0) - foldShade) < 1e-12)
        #expect(upperFold.shading.alpha(atX: 10, y: 24) == 0)
        #expect(abs(lowerFold.shading.alpha(atX: 10, y: 24) - foldShade) < 1e-12)
        #expect(abs(lowerFold.shading.alpha(atX: 10, y: 48) - foldShade * (style == .normal ? 0.25 : 0)) < 1e-12)
        if style == .normal {
            #expect(!topSleeve.shading.isVisible && !bottomSleeve.shading.isVisible)
        } else {
            let sleeveShade = 0.25 * (1 - sin(.pi / 6))
            #expect(abs(topSleeve.shading.alpha(atX: 10, y: 0) - sleeveShade) < 1e-12)
            #expect(topSleeve.shading.alpha(atX: 10, y: 24) == 0)
            #expect(abs(bottomSleeve.shading.alpha(atX: 10, y: 48) - sleeveShade) < 1e-12)
            #expect(bottomSleeve.shading.alpha(atX: 10, y: 24) == 0)
        }
    }

    /// Solid primaries over a primary background: undarkened pixels are convex mixes of them,
    /// so their channels sum to 255; any black overlay lowers the sum.
    @Test(arguments: FoldStyle.allCases)
    func zeroShadowDarkensNothing(style: FoldStyle) throws {
        let a = Image(width: 64, height: 48, filledWith: Self.red)
        let b = Image(width: 64, height: 48, filledWith: Self.green)
        func darkestSum(shadow: Double, at e: Double) throws -> Int {
            let fold = try Fold(style: style, shadow: shadow)
            let scene = fold.scene(of: [a, b], progress: e, background: Self.blue)
            if shadow == 0 { #expect(scene.panels.allSatisfy { !$0.shading.isVisible }) }
            let frame = Renderer().render(scene)
            return stride(from: 0, to: frame.pixels.count, by: 4)
                .map { Int(frame.pixels[$0]) + Int(frame.pixels[$0 + 1]) + Int(frame.pixels[$0 + 2]) }.min()!
        }
        for e in [0.2, 0.5, 0.8] {
            #expect(try darkestSum(shadow: 0, at: e) >= 254)
            #expect(try darkestSum(shadow: 1, at: e) < 254)
        }
    }

    // MARK: options

    @Test(arguments: [0, -100, Double.infinity, Double.nan])
    func rejectsAnEyeDistanceThatIsNotPositive(perspective: Double) {
        let error = #expect(throws: ParameterError.self) { try Fold(perspective: perspective) }
        #expect(error?.description.contains("perspective must be more than 0 pixels") == true)
    }

    @Test func eyeDistanceDefaultsToHalfTheFrameTimes4667() throws {
        let image = Image(width: 64, height: 48, filledWith: Self.red)
        func eyeDistance(_ fold: Fold) throws -> Double {
            fold.scene(of: [image, image], progress: 0.5, background: .black)
                .panels[1].perspective.eyeDistance
        }
        #expect(try eyeDistance(Fold()) == 4.667 * 24)
        #expect(try eyeDistance(Fold(orientation: .horizontal)) == 4.667 * 32)
        #expect(try eyeDistance(Fold(perspective: 500)) == 500)
    }

    @Test func rejectsANegativeShadow() {
        #expect(throws: ParameterError(parameter: "shadow", value: "-1", expected: "between 0 and 4")) { try Fold(shadow: -1) }
    }

    @Test func registeredAsFoldWithItsDefaults() throws {
        let fold = try #require(try TransitionRegistry.standard.make("fold", settings: TransitionSettings()) as? Fold)
        #expect(fold.style == .normal && fold.orientation == .vertical && !fold.unfold)
        #expect(fold.defaultTiming as? TimingCurve == .easeOut)
        #expect(try Fold(unfold: true).defaultTiming as? TimingCurve == .easeIn)
    }

    // MARK: helpers

    /// The frame's length across the fold line.
    private func length(of size: PixelSize, _ fold: Fold) -> Int {
        fold.orientation == .vertical ? size.height : size.width
    }

    /// Where a panel lies across the fold line on screen. Its edges along the fold line project to
    /// lines parallel to it, so the corners' extremes give the span at any point along the line.
    private func span(of panel: Panel, across orientation: Orientation) -> ClosedRange<Double> {
        let values = panel.projectedCorners!.map { orientation == .vertical ? $0.y : $0.x }
        return values.min()!...values.max()!
    }

    /// The pixels on the line across the fold through the frame's centre.
    private func centreLine(of frame: Image, _ fold: Fold)
        -> [(r: UInt8, g: UInt8, b: UInt8, a: UInt8)] {
        fold.orientation == .vertical
            ? (0..<frame.height).map { frame.pixel(x: frame.width / 2, y: $0) }
            : (0..<frame.width).map { frame.pixel(x: $0, y: frame.height / 2) }
    }

    /// A deterministic opaque image with detail in every pixel, so any resampling shows.
    private func textured(_ size: PixelSize, seed: UInt32) -> Image {
        var state = seed &* 2_654_435_761
        var pixels = [UInt8](repeating: 255, count: size.width * size.height * 4)
        for i in pixels.indices where i % 4 != 3 {
            state = state &* 1_664_525 &+ 1_013_904_223
            pixels[i] = UInt8(state >> 24)
        }
        return Image(width: size.width, height: size.height, pixels: pixels)
    }
}
