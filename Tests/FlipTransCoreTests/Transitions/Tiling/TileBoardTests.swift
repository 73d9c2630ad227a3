import FlipTransCore
import Testing

/// A transition played as a board: each tile is the transition on its own part of A and B, with
/// its own geometry, moved into place without copying pixels; tiles start in turn.
struct TileBoardTests {
    static let size = PixelSize(width: 64, height: 48)
    static let (a, b) = (patterned(size, seed: 1), patterned(size, seed: 2))

    func board(_ transition: any Transition, _ columns: Int, _ rows: Int, stagger: Double = 0,
               order: StaggerOrder = .row, duration: Double = 1, timing: (any Timing)? = nil) throws -> TransitionClip {
        try TransitionClip(transition: transition, timing: timing,
                           tiling: try Tiling(grid: try TileGrid(columns: columns, rows: rows), stagger: stagger, order: order),
                           duration: duration, fps: 30)
    }

    /// The part of `image` in `rect`, as an image of its own.
    func crop(_ image: Image, _ rect: PixelRect) -> Image {
        Image(width: rect.width, height: rect.height, pixels: bytes(of: image, in: rect))
    }

    // MARK: End frames

    /// Translucent images over a transparent background, every direction, tiles of uneven sizes
    /// and a stagger: the first frame is exactly A and the last exactly B.
    @Test(arguments: ["clock-down", "clock-up", "flip-left", "flip-right", "flip-up", "flip-down"])
    func tiledBoardsStartOnAAndEndOnBExactly(style: String) throws {
        let transition = try #require(TransitionRegistry.standard.styles.first { $0.name == style }).make()
        let size = PixelSize(width: 63, height: 47)
        let (a, b) = (patterned(size, seed: 3, translucent: true), patterned(size, seed: 4, translucent: true))
        for order in [StaggerOrder.row, .random(seed: 5)] {
            let clip = try board(transition, 5, 4, stagger: 0.02, order: order)
            #expect(Renderer().render(clip.scene(of: [a, b], at: 0, background: .transparent)) == a)
            #expect(Renderer().render(clip.scene(of: [a, b], at: 1, background: .transparent)) == b)
        }
    }

    // MARK: Placing the tiles

    /// Each tile's panels are the clock's own on the tile's part of the images, moved to the
    /// tile: the same outline on screen shifted by the tile's origin, its own vanishing point
    /// (the middle of its hinge) and eye distance (5 × its height), and the full-frame images.
    @Test(arguments: [0.2, 0.7])
    func eachTileIsTheTransitionOnItsOwnPart(t: Double) throws {
        let clock = try Clock()
        let clip = try board(clock, 3, 2)
        let scene = clip.scene(of: [Self.a, Self.b], at: t, background: .black)
        let tiles = try TileGrid(columns: 3, rows: 2).tiles(in: Self.size)
        #expect(tiles.map(\.width) == [22, 21, 21, 22, 21, 21])
        #expect(scene.panels.count == 3 * tiles.count)
        for (index, tile) in tiles.enumerated() {
            let (partA, partB) = (crop(Self.a, tile), crop(Self.b, tile))
            let alone = clock.scene(of: [partA, partB], progress: clip.timing.progress(at: t), background: .black).panels
            let placed = Array(scene.panels[(3 * index)..<(3 * index + 3)])
            for (own, moved) in zip(alone, placed) {
                let isA = own.image.sharesPixelStorage(with: partA)
                #expect(moved.image.sharesPixelStorage(with: isA ? Self.a : Self.b), "tile \(index): not the frame's image")
                #expect(moved.region == PixelRect(x: own.region.x + tile.x, y: own.region.y + tile.y,
                                                  width: own.region.width, height: own.region.height))
                #expect(moved.perspective == Perspective(eyeDistance: 5 * 24, vanishingPoint: Point(
                    Double(tile.x) + Double(tile.width) / 2, Double(tile.y) + 12)))
                let (ownCorners, movedCorners) = (try #require(own.projectedCorners), try #require(moved.projectedCorners))
                #expect(zip(ownCorners, movedCorners).allSatisfy {
                    abs($0.x + Double(tile.x) - $1.x) < 1e-9 && abs($0.y + Double(tile.y) - $1.y) < 1e-9
                }, "tile \(index): \(ownCorners) moved to \(movedCorners)")
                #expect(moved.shading == own.shading)
            }
        }
    }

    /// Rendered: the middle of each card of a 4×3 wall of flips is what the flip draws on that
    /// tile's part alone (to a level: the texture is addressed from another origin).
    @Test func tileCentresLookLikeTheTileAlone() throws {
        let flip = try Flip()
        let clip = try board(flip, 4, 3)
        let frame = Renderer().render(clip.scene(of: [Self.a, Self.b], at: 0.3, background: .black))
        for tile in try TileGrid(columns: 4, rows: 3).tiles(in: Self.size) {
            let alone = Renderer().render(flip.scene(of: [crop(Self.a, tile), crop(Self.b, tile)],
                                                     progress: clip.timing.progress(at: 0.3), background: .black))
            for (dx, dy) in [(tile.width / 2, tile.height / 2), (tile.width / 2 - 2, tile.height / 2 + 1)] {
                let (here, there) = (frame.pixel(x: tile.x + dx, y: tile.y + dy), alone.pixel(x: dx, y: dy))
                #expect(abs(Int(here.r) - Int(there.r)) <= 1 && abs(Int(here.g) - Int(there.g)) <= 1
                        && abs(Int(here.b) - Int(there.b)) <= 1, "tile at \(tile.x), \(tile.y)")
            }
        }
    }

    /// The fold slides B's halves in from beyond the frame's edges: on a board, from beyond the
    /// tile's, never over the neighbouring tile.
    @Test func whatLiesBeyondATileIsCutAway() throws {
        let clip = try board(try Fold(), 1, 2, stagger: 0.5, timing: TimingCurve.linear)
        let frame = Renderer().render(clip.scene(of: [Self.a, Self.b], at: 0.25, background: .black))
        // The top tile is folding, the bottom one has not started: it is still exactly A.
        let bottom = PixelRect(x: 0, y: 24, width: 64, height: 24)
        #expect(bytes(of: frame, in: bottom) == bytes(of: Self.a, in: bottom))
    }

    /// A page and a fold tile too: any transition of two images without holds.
    @Test func pagesAndFoldsTile() throws {
        for transition in [try Page(direction: .up), try Fold(style: .cubic)] as [any Transition] {
            let clip = try board(transition, 2, 2, stagger: 0.1)
            let middle = Renderer().render(clip.scene(of: [Self.a, Self.b], at: 0.4, background: .black))
            #expect(middle != Self.a && middle != Self.b)
        }
    }

    // MARK: Stagger

    /// 3×1 clocks, stagger 0.3 s over 1 s (each turns for 0.4 s): at t = 0.5 the first has
    /// finished, the second is half-way and the third has not started.
    @Test func tilesTurnInTurn() throws {
        let clip = try board(try Clock(), 3, 1, stagger: 0.3, timing: TimingCurve.linear)
        let scene = clip.scene(of: [Self.a, Self.b], at: 0.5, background: .black)
        let frame = Renderer().render(scene)
        let tiles = try TileGrid(columns: 3, rows: 1).tiles(in: Self.size)
        #expect(bytes(of: frame, in: tiles[0]) == bytes(of: Self.b, in: tiles[0]))
        #expect(bytes(of: frame, in: tiles[2]) == bytes(of: Self.a, in: tiles[2]))
        // Every panel is cut to its tile; at e = ½ the second tile's flap is edge-on.
        #expect(scene.panels.allSatisfy { panel in tiles.contains { panel.clip == $0 } })
        let flap = try #require(scene.panels.last { $0.clip == tiles[1] })
        #expect(flap.image.sharesPixelStorage(with: Self.b))
        #expect(try #require(flap.projectedCorners).allSatisfy { abs($0.y - 24) < 1e-9 })
    }

    /// Each tile applies the timing to its own time: with the clock's fall, tile 1 of the board
    /// above at t = 0.5 has local time ½ and so the progress the fall gives at ½.
    @Test func eachTileTimesItself() throws {
        let clip = try board(try Clock(), 3, 1, stagger: 0.3)
        #expect(clip.timing is Clock.Fall)
        let scene = clip.scene(of: [Self.a, Self.b], at: 0.44, background: .black)
        // Local time (0.44 − 0.3)/0.4 = 0.35: e = ½(0.35/0.8)², the flap tilted 180°·e.
        let e = 0.5 * (0.35 / 0.8) * (0.35 / 0.8)
        let tile = try TileGrid(columns: 3, rows: 1).tiles(in: Self.size)[1]
        let flap = try #require(scene.panels.last { $0.clip == tile })
        let hinge = Vector3(Double(tile.x) + Double(tile.width) / 2, 24, 0)
        let expected = Transform3D.rotationX(degrees: -180 * e).about(hinge)
        #expect((0..<16).allSatisfy { abs(flap.transform.m[$0] - expected.m[$0]) < 1e-9 })
    }

    // MARK: What a board refuses and what one tile is

    @Test func oneTileIsTheTransitionAsItIs() throws {
        let flip = try Flip(direction: .up)
        let plain = try TransitionClip(transition: flip, duration: 1, fps: 30)
        let single = try board(flip, 1, 1, stagger: 7)
        for t in [0.0, 0.3, 0.8] {
            let (expected, actual) = (plain.scene(of: [Self.a, Self.b], at: t, background: .black),
                                      single.scene(of: [Self.a, Self.b], at: t, background: .black))
            #expect(actual.panels.map(\.transform) == expected.panels.map(\.transform))
            #expect(Renderer().render(actual) == Renderer().render(expected))
        }
    }

    @Test(arguments: [UntileableStandIn(imageCount: 3, drawsHolds: false), UntileableStandIn(imageCount: 2, drawsHolds: true)])
    func transitionsThatAreNotTwoImagesAreNotTiled(transition: UntileableStandIn) throws {
        let error = #expect(throws: ParameterError.self) { try board(transition, 2, 2) }
        let reason = transition.imageCount > 2 ? "shows a deck of images, not two turning into each other" : "draws the slides held around it"
        #expect(error?.description == "tiles must be 1x1 for deck-stand-in, which \(reason), got 2x2")
        _ = try board(transition, 1, 1)
    }

    @Test func aBoardFinerThanTheFrameIsRefusedByTheTimeline() throws {
        let clip = try board(try Flip(), 64, 8)
        let timeline = Timeline(clip: clip, holdFrames: 1)
        try timeline.check(frame: PixelSize(width: 64, height: 16))
        let error = #expect(throws: ParameterError.self) { try timeline.check(frame: PixelSize(width: 32, height: 16)) }
        #expect(error?.parameter == "tiles")
    }
}

/// A transition of a deck: more than two images, or holds of its own.
struct UntileableStandIn: Transition, CustomTestStringConvertible {
    static let name = "deck-stand-in"
    let imageCount: Int
    let drawsHolds: Bool

    init(imageCount: Int, drawsHolds: Bool) {
        self.imageCount = imageCount
        self.drawsHolds = drawsHolds
    }

    init(settings: TransitionSettings) { self.init(imageCount: 3, drawsHolds: true) }

    var defaultTiming: any Timing { TimingCurve.linear }
    var testDescription: String { "\(imageCount) images, holds \(drawsHolds)" }

    func scene(of images: [Image], progress e: Double, background: Color) -> Scene {
        Scene(size: images[0].size, background: background,
              panels: [Panel(image: images[0], perspective: Perspective(eyeDistance: 100, vanishingPoint: Point(0, 0)))])
    }
}
