import Testing
import FlipTransCore

/// What every registered transition must do, in every style (each direction and combination of
/// style values), checked over `TransitionRegistry.standard`: a newly registered transition is
/// tested here without a line of its own.
struct TransitionContractTests {
    static let styles = TransitionRegistry.standard.styles.map(Style.init)
    /// An even size and an odd one, where halves differ by a pixel.
    static let sizes = [PixelSize(width: 48, height: 32), PixelSize(width: 47, height: 33)]

    /// A style with a readable name in test output.
    struct Style: Sendable, CustomTestStringConvertible {
        let style: TransitionStyle
        var testDescription: String { style.name }
        func make() throws -> any Transition { try style.make() }
    }

    @Test func everyTransitionHasStyles() {
        for name in TransitionRegistry.standard.names {
            #expect(Self.styles.contains { $0.style.type.name == name }, "\(name) has no style")
        }
        #expect(Set(Self.styles.map(\.testDescription)).count == Self.styles.count, "style names are unique")
    }

    /// `TransitionContract`: exact ends, alone and on a staggered board of tiles, and each turn of
    /// a slideshow starting and ending on the holds around it.
    @Test(arguments: styles, sizes)
    func keepsTheContract(style: Style, size: PixelSize) throws {
        #expect(try TransitionContract.breaches(of: try style.make(), size: size) == [])
    }

    /// The contract's check finds a transition that stops short of its end.
    @Test func aTransitionThatStopsShortBreaksTheContract() throws {
        let breaches = try TransitionContract.breaches(of: try StopsShort(settings: TransitionSettings()))
        #expect(Array(breaches.prefix(4)) == ["its last frame is not exactly its second image",
                                              "its last frame on a staggered board of 5 × 3 tiles is not exactly its second image",
                                              "in a slideshow, the turn from image 0 does not end on the frame held after it",
                                              "in a slideshow, the turn from image 1 does not end on the frame held after it"])
        #expect(breaches.count == 9 && !breaches.contains { $0.contains("start") }, "\(breaches)")
    }

    /// A flip that turns only 98 % of the way.
    struct StopsShort: Transition {
        static let name = "stops-short"
        let flip: Flip
        init(settings: TransitionSettings) throws { flip = try Flip(settings: settings) }
        var defaultTiming: any Timing { flip.defaultTiming }
        func scene(of images: [Image], progress e: Double, background: Color) -> Scene {
            flip.scene(of: images, progress: e * 0.98, background: background)
        }
    }

    /// Run back to back with the cards (a deck, drawn in the holds too), no frame shows twice and
    /// no transition's end is lost: each shows its last frame, or the frame after it is that
    /// picture (the next transition's first). A deck's end and a plain image's differ, so
    /// between the two kinds the show cuts and each keeps its frames.
    @Test(arguments: styles)
    func showsMixingDecksAndPlainTransitionsLoseNothing(style: Style) throws {
        let size = PixelSize(width: 48, height: 32)
        let images = Self.images(size, count: 4)
        let clip = try TransitionClip(transition: try style.make(), duration: 0.1, fps: 20)
        let deck = try TransitionClip(transition: try Cards(), duration: 0.1, fps: 20)
        let renderer = Renderer()
        for loop in [false, true] {
            let timeline = Timeline.slideshow(holdFrames: [0, 0, 0, 0], transitions: [clip, deck, clip, deck], loop: loop)
            let sink = CollectingSink()
            try TimelinePlayer(background: .black).play(timeline, image: { images[$0] }, into: sink)
            let repeated = zip(sink.frames, sink.frames.dropFirst()).enumerated().filter { $0.element.0 == $0.element.1 }.map(\.offset)
            #expect(repeated == [], "loop \(loop)")
            var first = 0
            for segment in timeline.segments {
                defer { first += segment.frameCount }
                guard case let .transition(played, shown) = segment else { continue }
                let end = first + segment.frameCount
                let ending = renderer.render(played.scene(of: shown.map { images[$0] }, at: 1, background: .black))
                let shownAtItsEnd = ending == sink.frames[end - 1] || (end < sink.frames.count || loop) && ending == sink.frames[end % sink.frames.count]
                #expect(shownAtItsEnd, "\(shown)'s end, loop \(loop)")
            }
        }
    }

    /// Where two panels meet edge to edge, nothing of the background shows between them: the
    /// frame is the same over a black and over a white background at every pixel on the shared
    /// edge (to 8-bit rounding).
    @Test(arguments: styles, sizes)
    func noBackgroundBetweenPanelsThatMeet(style: Style, size: PixelSize) throws {
        let transition = try style.make()
        let images = Self.images(size, count: transition.imageCount)
        let renderer = Renderer()
        for step in 1..<12 {
            let e = Double(step) / 12
            let overBlack = transition.scene(of: images, progress: e, background: .black)
            var overWhite = overBlack
            overWhite.background = .white
            let (dark, light) = (renderer.render(overBlack), renderer.render(overWhite))
            for (from, to) in Self.sharedEdges(overBlack) {
                for fraction in stride(from: 0.1, through: 0.9, by: 0.05) {
                    let x = Int((from.x + (to.x - from.x) * fraction).rounded(.down))
                    let y = Int((from.y + (to.y - from.y) * fraction).rounded(.down))
                    guard x >= 1, y >= 1, x < size.width - 1, y < size.height - 1 else { continue }
                    let (d, l) = (dark.pixel(x: x, y: y), light.pixel(x: x, y: y))
                    #expect(Int(l.r) - Int(d.r) <= 1 && Int(l.g) - Int(d.g) <= 1 && Int(l.b) - Int(d.b) <= 1,
                            "background shows at (\(x), \(y)) on a shared edge at e = \(e)")
                }
            }
        }
    }

    /// The check above cannot pass for want of edges: it finds the fold's two hinges and crease.
    @Test func sharedEdgesAreFound() throws {
        let image = TestImages.noise(48, 32)
        #expect(Self.sharedEdges(try Fold().scene(of: [image, image], progress: 0.5, background: .black)).count == 3)
        #expect(Self.sharedEdges(try Flip().scene(of: [image, image], progress: 0.3, background: .black)).isEmpty)
    }

    /// A transition of duration d at f fps has round(d·f) frames, and a timeline plays exactly
    /// the frames its segments add up to.
    @Test(arguments: styles)
    func framesAreCountedExactly(style: Style) throws {
        let transition = try style.make()
        let clip = try TransitionClip(transition: transition, duration: 0.55, fps: 20)
        #expect(clip.frameCount == 11)
        let timeline = Timeline(clip: clip, holdFrames: 2)
        let sink = CollectingSink()
        let images = Self.images(Self.sizes[1], count: transition.imageCount)
        try TimelinePlayer(background: .black).play(timeline, image: { images[$0] }, into: sink)
        #expect(sink.frames.count == 15 && timeline.frameCount == 15)
    }

    /// A timing may overshoot (a spring, a cubic-bezier with y outside [0, 1]): every
    /// transition builds and renders a frame for progress from −0.5 to 1.5, alone and as a board
    /// of tiles, and one that holds at its ends (all but the flip, which swings past flat) shows
    /// exactly its end beyond them.
    @Test(arguments: styles)
    func progressOutsideTheTransitionIsDrawn(style: Style) throws {
        let transition = try style.make()
        let size = Self.sizes[1]
        let images = Self.images(size, count: transition.imageCount)
        let renderer = Renderer()
        let board = transition.imageCount == 2 && !transition.drawsHolds
            ? try TransitionClip(transition: transition, timing: TimingCurve.linear,
                                 tiling: try Tiling(grid: try TileGrid(columns: 3, rows: 2)), duration: 1, fps: 30) : nil
        for step in -5...15 {
            let e = Double(step) / 10
            let scene = transition.scene(of: images, progress: e, background: .black)
            #expect(scene.panels.allSatisfy { panel in (0..<16).allSatisfy { panel.transform.m[$0].isFinite } }, "e = \(e)")
            let frame = renderer.render(scene)
            #expect(frame.size == size)
            if let board { _ = renderer.render(board.scene(of: images, at: e, background: .black)) }
            guard type(of: transition).name != Flip.name, !transition.drawsHolds, e < 0 || e > 1 else { continue }
            #expect(frame == images[e < 0 ? 0 : 1], "e = \(e) holds at the end")
        }
    }

    /// Distinct noise images, as many as the transition draws.
    static func images(_ size: PixelSize, count: Int) -> [Image] {
        (0..<max(2, count)).map { TestImages.noise(size.width, size.height, seed: UInt32(11 + $0)) }
    }

    /// Screen segments where one facing panel's edge runs along another's the other way round.
    static func sharedEdges(_ scene: Scene) -> [(Point, Point)] {
        let quads = scene.panels.filter(\.isFacingViewer).compactMap(\.projectedCorners)
        func edges(_ quad: [Point]) -> [(Point, Point)] { (0..<4).map { (quad[$0], quad[($0 + 1) % 4]) } }
        func close(_ p: Point, _ q: Point) -> Bool { abs(p.x - q.x) < 1e-6 && abs(p.y - q.y) < 1e-6 }
        var shared: [(Point, Point)] = []
        for (i, first) in quads.enumerated() {
            for second in quads[(i + 1)...] {
                for edge in edges(first) where edges(second).contains(where: { close($0.0, edge.1) && close($0.1, edge.0) }) {
                    shared.append(edge)
                }
            }
        }
        return shared
    }
}
