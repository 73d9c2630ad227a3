import Testing
@testable import FlipTransCore

/// The tiles of a board turning together are drawn as groups (`groupCongruentPanels`): each row is
/// worked out once, for the group's first tile, and drawn from every tile's own texture. Here the
/// groups' frames are compared with the same panels drawn one by one from their own geometry, and
/// the grouping itself is checked: only tiles that are the same panel moved by whole pixels group.
struct CongruentPanelsTests {
    /// Tiles of 40 × 30: uneven mipmap levels, rows of several tiles.
    static let size = PixelSize(width: 320, height: 120)
    static let images = [patterned(size, seed: 1), patterned(size, seed: 2)]

    /// A with its left three columns of tiles of one colour, which their stretches draw by a path
    /// of their own.
    static let partlyPlain: Image = {
        var image = images[0]
        image.withMutablePixels { pixels in
            for y in 0..<size.height {
                for x in 0..<120 { pixels.row(y)[x] = 0xFF40_8020 }
            }
        }
        return image
    }()

    static func prepared(_ style: String, tiles: String, stagger: Double = 0, at t: Double,
                         images: [Image] = images) throws -> [PreparedPanel] {
        let transition = try #require(TransitionRegistry.standard.styles.first { $0.name == style }).make()
        let clip = try TransitionClip(transition: transition,
                                      tiling: try Tiling.parse(tiles: tiles, stagger: stagger, order: "row", seed: 0),
                                      duration: 1, fps: 30)
        let scene = clip.scene(of: images, at: t, background: .black)
        return scene.panels.compactMap { PreparedPanel(panel: $0, frame: size) }.joiningSeams()
    }

    /// `panels` drawn over black in three bands, as the renderer draws them.
    static func draw(_ panels: [PreparedPanel]) throws -> Image {
        var frame = Image(width: size.width, height: size.height)
        let mipmaps = try panels.map { panel -> Mipmap? in
            panel.copyOffset == nil ? try Mipmap(image: panel.panel.image, region: panel.panel.region) : nil
        }
        BandDrawing.draw(panels[...], mipmaps: mipmaps[...], background: .black, bands: 3, into: &frame) { drawing in
            for band in 0..<3 { drawing.draw(band: band) }
        }
        return frame
    }

    /// Frames across the turn, near its ends too, where the nearly flat tiles meet and their seams
    /// are joined (a group's rows then wider than the gaps between its tiles are drawn tile by tile).
    @Test(arguments: ["flip-left", "flip-up", "flip-right", "flip-left on partly plain A"], [0.03, 0.2, 0.4, 0.7, 0.97])
    func groupsDrawWhatTheirTilesDrawOneByOne(style: String, t: Double) throws {
        let partlyPlain = style.hasSuffix("partly plain A")
        let alone = try Self.prepared(partlyPlain ? "flip-left" : style, tiles: "8x4", at: t,
                                      images: partlyPlain ? [Self.partlyPlain, Self.images[1]] : Self.images)
        var grouped = alone
        grouped.groupCongruentPanels(count: grouped.count)
        let followers = grouped.map(\.congruentFollowers).reduce(0, +)
        #expect(followers >= 16, "\(style) at \(t): only \(followers) tiles drawn in groups")

        let (expected, frame) = (try Self.draw(alone), try Self.draw(grouped))
        var differing = 0, largest = 0
        for (got, wanted) in zip(frame.pixels, expected.pixels) where got != wanted {
            differing += 1
            largest = max(largest, abs(Int(got) - Int(wanted)))
        }
        // The members' own geometry differs from the first tile's moved by float rounding alone:
        // that may tip a rounding to the next step (in up to 0.2% of the bytes here, where nearly
        // flat tiles have long fringes), no more. A tile drawn from another's texture, in the wrong
        // place or in the wrong order where tiles meet is tens of steps off.
        #expect(largest <= 1 && differing <= frame.pixels.count / 100,
                "\(style) at \(t): \(differing) bytes differ, by up to \(largest)")
    }

    @Test func tilesGroupOnlyWhenTheyAreTheSamePanelMovedByWholePixels() throws {
        // A row of four tiles turning together: one group each row (no seams joined: the tiles do not meet).
        var together = try Self.prepared("flip-left", tiles: "4x2", at: 0.4)
        together.groupCongruentPanels(count: together.count)
        #expect(together.map(\.congruentFollowers) == [3, 0, 0, 0, 3, 0, 0, 0])

        // In a wave, no two tiles are at the same point of their turn.
        var wave = try Self.prepared("flip-left", tiles: "4x2", stagger: 0.05, at: 0.4)
        wave.groupCongruentPanels(count: wave.count)
        #expect(wave.map(\.congruentFollowers).allSatisfy { $0 == 0 })

        // Tiles of one image but different widths (41 and 40 pixels) are not congruent.
        var uneven = try Self.prepared("flip-left", tiles: "8x4", at: 0.4).map { panel in
            var moved = panel.panel
            if moved.region.x == 0 { moved.region.width += 1 }
            return try #require(PreparedPanel(panel: moved, frame: Self.size))
        }
        uneven.groupCongruentPanels(count: uneven.count)
        #expect(uneven.map(\.congruentFollowers) == Array(repeating: [0, 6, 0, 0, 0, 0, 0, 0], count: 4).flatMap { $0 })

        // Nor are the same tiles moved by a fraction of a pixel.
        var shifted = try Self.prepared("flip-left", tiles: "4x2", at: 0.4).enumerated().map { index, panel in
            var moved = panel.panel
            if index == 2 { moved.transform = moved.transform.then(.translation(0.25, 0)) }
            return try #require(PreparedPanel(panel: moved, frame: Self.size))
        }
        shifted.groupCongruentPanels(count: shifted.count)
        #expect(shifted.map(\.congruentFollowers) == [1, 0, 0, 0, 3, 0, 0, 0])
    }
}
