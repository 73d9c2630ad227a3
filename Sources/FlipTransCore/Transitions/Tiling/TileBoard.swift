import Synchronization

/// Plays a transition as a board of tiles (docs/tiling.md): each tile's scene is the
/// transition's own, built for a tile-sized frame at the tile's progress, then moved into place.
///
/// The transition sees stand-in images of the tile's size, so its geometry — pivots, halves,
/// vanishing point, default eye distance — is the tile's. Its panels are then pointed back at
/// the real, frame-sized images: the region moved by the tile's origin, the transform performed
/// about that origin, the vanishing point and any gradient moved with it, and clipped to the
/// tile. No pixels are copied, and the renderer's mipmaps, kept by image and region, are built
/// once per tile and image.
final class TileBoard: Sendable {
    let transition: any Transition
    /// The timing each tile applies to its own time fraction.
    let timing: any Timing
    let grid: TileGrid
    let schedule: TileSchedule
    /// Two stand-ins (A and B) for each size of tile met so far: at most four sizes, as tiles
    /// differ by at most a pixel each way. Never read, only told apart.
    private let standIns = Mutex<[(size: PixelSize, images: [Image])]>([])

    init(transition: any Transition, timing: any Timing, tiling: Tiling, duration: Double) throws {
        try tiling.check(canTile: transition)
        self.transition = transition
        self.timing = timing
        grid = tiling.grid
        schedule = try TileSchedule(tiling, duration: duration)
    }

    /// The board at time fraction `t`. Each tile's panels are clipped to the tile, as the frame
    /// clips the transition played alone, so tiles never overlap and their order does not show.
    func scene(of images: [Image], at t: Double, background: Color) -> Scene {
        let size = images[0].size
        let tiles = grid.tiles(in: size).enumerated().filter { $0.element.width > 0 && $0.element.height > 0 }
        let panels = tiles.flatMap { index, tile in
            let standIns = standIns(PixelSize(width: tile.width, height: tile.height))
            let progress = timing.progress(at: schedule.localTime(ofTile: index, at: t))
            return transition.scene(of: standIns, progress: progress, background: background).panels.map {
                TileBoard.place($0, of: tile, replacing: standIns, with: images)
            }
        }
        return Scene(size: size, background: background, panels: panels)
    }

    /// `panel`, built on stand-ins in a tile-sized frame, as the same panel of `images` in the
    /// frame at `tile`, clipped to it.
    private static func place(_ panel: Panel, of tile: PixelRect, replacing standIns: [Image], with images: [Image]) -> Panel {
        guard let index = standIns.firstIndex(where: { $0.sharesPixelStorage(with: panel.image) }) else {
            preconditionFailure("the transition drew an image it was not given")
        }
        let (dx, dy) = (Double(tile.x), Double(tile.y))
        var placed = panel
        placed.image = images[index]
        placed.region = panel.region.offset(by: tile.x, tile.y)
        placed.transform = panel.transform.about(Vector3(dx, dy, 0))
        placed.perspective.vanishingPoint = Point(panel.perspective.vanishingPoint.x + dx, panel.perspective.vanishingPoint.y + dy)
        placed.clip = panel.clip.map { $0.offset(by: tile.x, tile.y).intersection(tile) } ?? tile
        if let gradient = panel.shading.gradient {
            placed.shading.gradient = Shading.Gradient(from: Point(gradient.start.x + dx, gradient.start.y + dy),
                                                       to: Point(gradient.end.x + dx, gradient.end.y + dy), stops: gradient.stops)
        }
        return placed
    }

    /// The stand-ins for tiles of `size`, made once.
    private func standIns(_ size: PixelSize) -> [Image] {
        standIns.withLock { cache in
            if let found = cache.first(where: { $0.size == size }) { return found.images }
            let made = (0..<2).map { _ in Image(width: size.width, height: size.height) }
            cache.append((size, made))
            return made
        }
    }
}
