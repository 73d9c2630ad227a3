/// The order in which a board's tiles start (`--stagger-order`), one after another.
public enum StaggerOrder: Sendable, Equatable {
    /// Left to right, row after row from the top.
    case row
    /// Top to bottom, column after column from the left.
    case column
    /// Diagonal after diagonal from the top-left corner, each from its top tile down to the left.
    case diagonal
    /// A shuffle that `seed` decides: the same seed gives the same order on every machine.
    case random(seed: UInt64)

    /// The orders' names, as `--stagger-order` takes them; `row` is the default.
    public static let names = ["row", "column", "diagonal", "random"]

    /// `name` (one of `names`) as an order; `seed` is used by `random` only.
    public static func named(_ name: String, seed: UInt64) throws -> StaggerOrder {
        switch try Tiling.orderParameter.check(name) {
        case "column": .column
        case "diagonal": .diagonal
        case "random": .random(seed: seed)
        default: .row
        }
    }

    /// The tiles of `grid`, by index (row by row, left to right), in the order they start.
    public func sequence(of grid: TileGrid) -> [Int] {
        let tiles = Array(0..<grid.count)
        func place(_ tile: Int) -> (column: Int, row: Int) { (tile % grid.columns, tile / grid.columns) }
        switch self {
        case .row:
            return tiles
        case .column:
            return tiles.sorted { (place($0).column, place($0).row) < (place($1).column, place($1).row) }
        case .diagonal:
            return tiles.sorted {
                let (a, b) = (place($0), place($1))
                return (a.column + a.row, a.row) < (b.column + b.row, b.row)
            }
        case let .random(seed):
            return SeededShuffle.shuffled(tiles, seed: seed)
        }
    }
}
