/// How a transition plays as a board of tiles (docs/tiling.md): the grid, the seconds between
/// one tile's start and the next one's, and the order they start in. `Tiling.none`, one tile, is
/// the transition as it is.
///
/// Its knobs are shared, like direction or shadow: any transition that draws two images and no
/// holds can be tiled. They are declared here and checked by their declarations.
public struct Tiling: Sendable, Equatable {
    /// The board's columns and rows; `TileGrid.single` for no board.
    public let grid: TileGrid
    /// Seconds from one tile's start to the next one's.
    public let stagger: Double
    /// The order the tiles start in.
    public let order: StaggerOrder

    /// One tile, no stagger: the transition plays as it is.
    public static let none = Tiling(checkedGrid: .single, stagger: 0, order: .row)

    /// `--stagger`: 0 … 3600 seconds, default 0 (every tile starts at once).
    public static let staggerParameter = TransitionParameter.number(
        "stagger", .between(0, TimelineParameters.longestSeconds, unit: "seconds"), default: 0,
        help: "Seconds between one tile's start and the next one's; each tile turns for the duration less (tiles − 1) × stagger.",
        valueName: "seconds")
    /// `--stagger-order`: row (the default), column, diagonal or random.
    public static let orderParameter = TransitionParameter.choice(
        "stagger-order", StaggerOrder.names,
        help: "The order tiles start in: row (left to right, top to bottom), column, diagonal, or random.", isStyle: false)
    /// 32 bits: plenty of different boards, and every seed exactly representable in a spec's number.
    public static let seedParameter = TransitionParameter.number(
        "stagger-seed", .between(0, Double(UInt32.max)), default: 0,
        help: "The seed of --stagger-order random: the same seed gives the same order.")

    /// A board of `grid` whose tiles start `stagger` seconds apart in `order`. Throws a
    /// `ParameterError` for a stagger outside 0 … 3600 seconds; one that leaves the tiles no time
    /// to turn is refused when the clip is made (`TransitionClip`), which knows the duration.
    public init(grid: TileGrid, stagger: Double = 0, order: StaggerOrder = .row) throws {
        self.init(checkedGrid: grid, stagger: try Tiling.staggerParameter.check(stagger), order: order)
    }

    private init(checkedGrid grid: TileGrid, stagger: Double, order: StaggerOrder) {
        self.grid = grid
        self.stagger = stagger
        self.order = order
    }

    /// The tiling the shared options describe: `COLSxROWS`, seconds, an order's name and a seed
    /// (whole, for `random`), each checked by its declaration.
    public static func parse(tiles: String, stagger: Double, order: String, seed: Int) throws -> Tiling {
        let seed = try seedParameter.check(Double(seed))
        return try Tiling(grid: try TileGrid.parse(tiles), stagger: stagger, order: try StaggerOrder.named(order, seed: UInt64(seed)))
    }

    /// Why `transition` cannot be tiled, if it cannot.
    private static func refusal(toTile transition: any Transition) -> String? {
        transition.imageCount > 2 ? "shows a deck of images, not two turning into each other"
            : transition.drawsHolds ? "draws the slides held around it" : nil
    }

    /// True when there is one tile: the transition plays as it is, whatever the stagger.
    public var isSingle: Bool { grid == .single }

    /// Whether `transition` plays as a board: two images turning into each other. A deck's cards
    /// or the scene it shows between turns do not cut into tiles.
    public static func canTile(_ transition: any Transition) -> Bool { refusal(toTile: transition) == nil }

    /// Refuses to tile a transition that `canTile` says cannot be.
    func check(canTile transition: any Transition) throws {
        guard !isSingle, let reason = Self.refusal(toTile: transition) else { return }
        throw ParameterError(parameter: "tiles", value: grid.description,
                             expected: "1x1 for \(type(of: transition).name), which \(reason)")
    }
}
