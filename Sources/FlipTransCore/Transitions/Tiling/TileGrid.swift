/// A board of tiles (`--tiles COLSxROWS`): the frame cut into columns and rows on whole pixels,
/// each tile playing the transition on its own part of the images (docs/tiling.md).
public struct TileGrid: Sendable, Equatable, CustomStringConvertible {
    /// Tiles across, 1 … 64.
    public let columns: Int
    /// Tiles down, 1 … 64.
    public let rows: Int

    /// One tile: the whole frame, the transition as it is.
    public static let single = TileGrid(checkedColumns: 1, rows: 1)

    /// Columns or rows a board may have. On a 1080p frame 64 rows are 17 pixels high, about the
    /// smallest that still reads as a board of flaps rather than a mosaic; and every tile is a few
    /// panels the renderer prepares and draws each frame, so 64 × 64 (4096 tiles, some 12 000
    /// panels) already takes about a fifth of a second a frame at 1080p on two cores.
    public static let sides = 1...64

    /// The line of help for `--tiles`.
    public static let help = "Cut the frame into a board of COLSxROWS tiles (1–64 each), each playing the transition on its own part of the images."

    /// A board of `columns` × `rows` tiles. Throws a `ParameterError` for `tiles` when either is
    /// outside 1 … 64.
    public init(columns: Int, rows: Int) throws {
        for count in [columns, rows] where !Self.sides.contains(count) {
            throw TileGrid.error("\(columns)x\(rows)")
        }
        self.init(checkedColumns: columns, rows: rows)
    }

    private init(checkedColumns columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// Reads `COLSxROWS`, such as `8x4`.
    public static func parse(_ text: String) throws -> TileGrid {
        guard let (columns, rows) = PixelSize.numbers(in: text) else { throw error("'\(text)'") }
        return try TileGrid(columns: columns, rows: rows)
    }

    private static func error(_ value: String) -> ParameterError {
        ParameterError(parameter: "tiles", value: value,
                       expected: "COLSxROWS with each between \(sides.lowerBound) and \(sides.upperBound), e.g. 8x4")
    }

    /// How many tiles: columns × rows.
    public var count: Int { columns * rows }

    public var description: String { "\(columns)x\(rows)" }

    /// The tiles of a frame of `size`, row by row, each left to right. Tiles are whole pixels: a
    /// side that does not divide evenly gives its extra pixels to the first columns (rows), one
    /// each, so every pixel lies in exactly one tile.
    public func tiles(in size: PixelSize) -> [PixelRect] {
        let xs = Self.cuts(size.width, into: columns), ys = Self.cuts(size.height, into: rows)
        return (0..<rows).flatMap { row in
            (0..<columns).map { column in
                PixelRect(x: xs[column], y: ys[row], width: xs[column + 1] - xs[column], height: ys[row + 1] - ys[row])
            }
        }
    }

    /// Where `length` pixels are cut into `parts`: part i spans [cuts[i], cuts[i + 1]).
    private static func cuts(_ length: Int, into parts: Int) -> [Int] {
        let (base, extra) = length.quotientAndRemainder(dividingBy: parts)
        return (0...parts).map { $0 * base + min($0, extra) }
    }

    /// Refuses a board with more columns or rows than a frame of `size` has pixels: some tiles
    /// would be empty.
    public func check(frame size: PixelSize) throws {
        guard columns > size.width || rows > size.height else { return }
        throw ParameterError(parameter: "tiles", value: description,
                             expected: "at most \(min(columns, size.width))x\(min(rows, size.height)) for a \(size) frame, so that no tile is empty")
    }
}
