import Testing
@testable import FlipTransCore

/// A frame drawn into a picture that holds an earlier frame redraws only where they differ
/// (`FrameDamage`): the pictures must be byte for byte those of drawing every frame whole, and
/// the parts that did not change must really be left alone.
struct FrameDamageTests {
    /// A transition by name with its parameters, on a board or not, as the command line builds it.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String, parameters: [String: String], tiles: String, stagger: Double, order: String
        /// The shared knobs: nil for the transition's own.
        let direction: Direction?, perspective: Double?
        init(_ name: String, _ parameters: [String: String] = [:], tiles: String = "1x1", stagger: Double = 0, order: String = "row",
             direction: Direction? = nil, perspective: Double? = nil) {
            (self.name, self.parameters, self.tiles, self.stagger, self.order) = (name, parameters, tiles, stagger, order)
            (self.direction, self.perspective) = (direction, perspective)
        }
        var testDescription: String {
            "\(name) \(parameters) \(tiles) stagger \(stagger) \(order) \(direction.map(\.rawValue) ?? "") \(perspective.map { "eye \($0)" } ?? "")"
        }

        func clip(frames: Int) throws -> (TransitionClip, imageCount: Int) {
            let type = try TransitionRegistry.standard.type(named: name)
            var settings = TransitionSettings(direction: direction, perspective: perspective)
            for (key, value) in parameters {
                settings.parameters[key] = try type.parameters.first { $0.name == key }!.parse(value)
            }
            let transition = try type.init(settings: settings)
            let duration = Double(frames) / 30
            let tiling = try Tiling.parse(tiles: tiles, stagger: stagger * duration, order: order, seed: 0)
            return (try TransitionClip(transition: transition, tiling: tiling, duration: duration, fps: 30), transition.imageCount)
        }
    }

    static let cases = [Case("flip"), Case("page"), Case("page", ["reverse": "true"]), Case("fold"), Case("fold", ["fold": "cubic"]),
                        Case("clock"), Case("cards"), Case("flip", tiles: "4x3"),
                        Case("flip", tiles: "4x3", stagger: 0.05, order: "diagonal"),
                        Case("clock", tiles: "3x2", stagger: 0.1, order: "random")]

    static let size = PixelSize(width: 61, height: 37)
    let images = [TestImages.photoLike(61, 37), TestImages.noise(61, 37, seed: 5)]

    func scenes(_ test: Case, frames: Int = 12) throws -> [Scene] {
        try scenes(test, frames: frames, images: images, background: .black)
    }

    /// The frames of `test`'s transition from `images` (taken in turn) over `background`.
    func scenes(_ test: Case, frames: Int, images: [Image], background: Color) throws -> [Scene] {
        let (clip, imageCount) = try test.clip(frames: frames)
        let shown = (0..<imageCount).map { images[$0 % images.count] }
        return (0..<frames).map { clip.scene(of: shown, frame: $0, background: background) }
    }

    /// The planes' bytes: luma, then Cb, then Cr.
    func bytes(of picture: YUV420Picture) -> [UInt8] {
        let size = picture.size
        let count = size.width * size.height + 2 * YUV420Picture.chromaWidth(size) * YUV420Picture.chromaHeight(size)
        return Array(UnsafeBufferPointer(start: picture.planes.luma, count: count))
    }

    func wholePicture(of scene: Scene, bands: Int) throws -> [UInt8] {
        let picture = try YUV420Picture(size: scene.size)
        try Renderer(bands: bands).render(scene, convertingInto: picture.planes)
        return bytes(of: picture)
    }

    /// Every frame drawn over the one before it, or over the one `apart` frames before (as the
    /// player's render threads take turns with a few pictures), in one band or several.
    @Test(arguments: cases, [(1, 1), (3, 1), (1, 3), (2, 4)])
    func framesDrawnOverEarlierOnesAreTheWholeFrames(test: Case, bandsAndApart: (Int, Int)) throws {
        let (bands, apart) = bandsAndApart
        let renderer = Renderer(bands: bands)
        let pictures = try (0..<apart).map { _ in try YUV420Picture(size: FrameDamageTests.size) }
        var drawn = [DrawnScene?](repeating: nil, count: apart)
        for (index, scene) in try scenes(test).enumerated() {
            let slot = index % apart
            drawn[slot] = try renderer.render(scene, convertingInto: pictures[slot].planes, over: drawn[slot])
            #expect(try bytes(of: pictures[slot]) == wholePicture(of: scene, bands: bands), "frame \(index)")
        }
    }

    /// Luma rows and columns left as they were: filled with 0 (below video's 16) before the frame
    /// is drawn over the one before it.
    func untouchedLuma(drawing scene: Scene, over previous: Scene) throws -> (rows: [Int], columns: [Int], picture: YUV420Picture) {
        let renderer = Renderer(bands: 2)
        let picture = try YUV420Picture(size: scene.size)
        let drawn = try renderer.render(previous, convertingInto: picture.planes)
        let (width, height) = (scene.size.width, scene.size.height)
        picture.planes.luma.update(repeating: 0, count: width * height)
        try renderer.render(scene, convertingInto: picture.planes, over: drawn)
        let luma = picture.planes.luma
        let rows = (0..<height).filter { y in (0..<width).allSatisfy { luma[y * width + $0] == 0 } }
        let columns = (0..<width).filter { x in (0..<height).allSatisfy { luma[$0 * width + x] == 0 } }
        return (rows, columns, picture)
    }

    /// While the clock's top flap falls, only its top half changes: the stripes of rows below
    /// the hinge and its antialiasing are not drawn again; those drawn are the whole frame's.
    @Test func aClockRedrawsOnlyTheHalfItsFlapTurnsIn() throws {
        let size = PixelSize(width: 96, height: 128)
        let images = [TestImages.photoLike(96, 128), TestImages.noise(96, 128, seed: 2)]
        let clock = try Clock()
        let (previous, scene) = (clock.scene(of: images, progress: 0.2, background: .black),
                                 clock.scene(of: images, progress: 0.25, background: .black))
        let (rows, _, picture) = try untouchedLuma(drawing: scene, over: previous)
        // The hinge is at row 64; what the flap touches ends by row 66, in the stripe of rows 64–79.
        #expect(rows == Array(80..<128))
        let whole = try wholePicture(of: scene, bands: 2)
        #expect(Array(bytes(of: picture)[..<(80 * size.width)]) == Array(whole[..<(80 * size.width)]))
    }

    /// While a page turns on the right, the left page is not drawn again: its columns, up to
    /// the spine's antialiasing and the chroma samples reading across it, keep what they had.
    @Test func aPageRedrawsOnlyTheHalfItTurnsOver() throws {
        let images = [TestImages.photoLike(100, 40), TestImages.noise(100, 40, seed: 2)]
        let page = try Page()
        let (previous, scene) = (page.scene(of: images, progress: 0.2, background: .black),
                                 page.scene(of: images, progress: 0.3, background: .black))
        let (rows, columns, _) = try untouchedLuma(drawing: scene, over: previous)
        #expect(rows.isEmpty)
        // The spine is at column 50: what the turning page and the page it uncovers touch starts
        // at column 48, where the columns converted start (column 47 is drawn for their chroma).
        #expect(columns == Array(0..<48))
    }

    /// Nothing known of what a picture holds, or a frame over another background or of another
    /// size, is drawn whole.
    @Test func anotherBackgroundRedrawsEverything() throws {
        let clock = try Clock()
        let previous = clock.scene(of: images, progress: 0.2, background: .black)
        var scene = clock.scene(of: images, progress: 0.25, background: .white)
        #expect(try untouchedLuma(drawing: scene, over: previous).rows.isEmpty)
        scene.background = .black
        #expect(try !untouchedLuma(drawing: scene, over: previous).rows.isEmpty)
    }

    /// Three tiles turning together are drawn as a group; when the last turns on its own, the
    /// first two, unchanged themselves, are drawn in a group of two, from other rows' working
    /// out: they are damaged too.
    @Test func panelsDrawnInAnotherGroupAreDrawnAgain() throws {
        let size = PixelSize(width: 90, height: 30)
        let images = [TestImages.photoLike(90, 30), TestImages.noise(90, 30, seed: 2)]
        let clip = try TransitionClip(transition: try Flip(), tiling: try Tiling.parse(tiles: "3x1", stagger: 0, order: "row", seed: 0),
                                      duration: 1, fps: 30)
        func prepared(_ scene: Scene) -> [PreparedPanel] {
            var panels = scene.panels.compactMap { PreparedPanel(panel: $0, frame: size) }.joiningSeams()
            panels.groupCongruentPanels(count: panels.count)
            return panels
        }
        let before = clip.scene(of: images, at: 0.3, background: .black)
        // Each tile is a front and a back, one of them facing away.
        var after = before
        after.panels[4...] = clip.scene(of: images, at: 0.35, background: .black).panels[4...]
        let (old, new) = (prepared(before), prepared(after))
        #expect(old.count == 3 && old[0].congruentFollowers == 2 && new[0].congruentFollowers == 1)
        let damage = FrameDamage(drawing: new[...], over: .black, size: size,
                                 replacing: DrawnScene(size: size, background: .black, panels: old))
        #expect(damage.columns(in: 0..<30) == old[0].columns.lowerBound..<old[2].columns.upperBound)
        // Nothing changed: nothing damaged.
        #expect(FrameDamage(drawing: old[...], over: .black, size: size,
                            replacing: DrawnScene(size: size, background: .black, panels: old)).columns(in: 0..<30).isEmpty)
    }

    /// The same scene again draws nothing at all.
    @Test func anUnchangedFrameIsNotDrawnAgain() throws {
        let scene = try Flip().scene(of: images, progress: 0.4, background: .black)
        #expect(try untouchedLuma(drawing: scene, over: scene).rows == Array(0..<FrameDamageTests.size.height))
    }
}
