import FlipTransCore
import Testing

/// Cutting a frame into tiles: whole pixels, every pixel in exactly one tile, extra pixels to the
/// first tiles; and reading `COLSxROWS`.
struct TileGridTests {
    @Test(arguments: [(1920, 1080, 8, 4), (47, 33, 5, 4), (17, 16, 16, 16), (64, 64, 64, 64), (33, 31, 7, 3), (16, 16, 1, 1), (100, 20, 64, 1)])
    func tilesCoverEveryPixelExactlyOnce(width: Int, height: Int, columns: Int, rows: Int) throws {
        let size = PixelSize(width: width, height: height)
        let tiles = try TileGrid(columns: columns, rows: rows).tiles(in: size)
        #expect(tiles.count == columns * rows)
        var cover = [Int](repeating: 0, count: width * height)
        for tile in tiles {
            #expect(tile.width >= 1 && tile.height >= 1)
            for y in tile.y..<(tile.y + tile.height) {
                for x in tile.x..<(tile.x + tile.width) { cover[y * width + x] += 1 }
            }
        }
        #expect(cover.allSatisfy { $0 == 1 })
    }

    /// 47 pixels in 5 columns are 10, 10, 9, 9, 9 (the two extra pixels go to the first two
    /// columns); 33 rows in 4 are 9, 8, 8, 8. Tiles run row by row.
    @Test func extraPixelsGoToTheFirstTiles() throws {
        let tiles = try TileGrid(columns: 5, rows: 4).tiles(in: PixelSize(width: 47, height: 33))
        #expect(tiles.prefix(5).map(\.width) == [10, 10, 9, 9, 9])
        #expect(tiles.prefix(5).map(\.x) == [0, 10, 20, 29, 38])
        #expect(stride(from: 0, to: 20, by: 5).map { tiles[$0].height } == [9, 8, 8, 8])
        #expect(stride(from: 0, to: 20, by: 5).map { tiles[$0].y } == [0, 9, 17, 25])
        #expect(tiles[6] == PixelRect(x: 10, y: 9, width: 10, height: 8))
    }

    @Test(arguments: [("8x4", 8, 4), ("1x1", 1, 1), ("64X64", 64, 64), ("03x2", 3, 2), ("8×4", 8, 4)])
    func gridsAreRead(text: String, columns: Int, rows: Int) throws {
        let grid = try TileGrid.parse(text)
        #expect(grid.columns == columns && grid.rows == rows)
    }

    @Test(arguments: ["8", "8x", "x4", "8x4x2", "0x4", "65x1", "1x65", "-1x4", "+8x4", " 8x4", "8.0x4", "٨x4", "8÷4", ""])
    func malformedOrOutOfRangeGridsAreRefused(text: String) {
        let error = #expect(throws: ParameterError.self) { try TileGrid.parse(text) }
        #expect(error?.parameter == "tiles")
        #expect(error?.expected == "COLSxROWS with each between 1 and 64, e.g. 8x4")
    }

    @Test func theErrorQuotesTheValue() {
        let error = #expect(throws: ParameterError.self) { try TileGrid.parse("65x1") }
        #expect(error?.description == "tiles must be COLSxROWS with each between 1 and 64, e.g. 8x4, got 65x1")
        let malformed = #expect(throws: ParameterError.self) { try TileGrid.parse("8by4") }
        #expect(malformed?.description == "tiles must be COLSxROWS with each between 1 and 64, e.g. 8x4, got '8by4'")
    }

    /// A board may not have more tiles across or down than the frame has pixels.
    @Test func aBoardFinerThanTheFrameIsRefused() throws {
        try TileGrid(columns: 16, rows: 16).check(frame: PixelSize(width: 16, height: 16))
        let error = #expect(throws: ParameterError.self) { try TileGrid(columns: 64, rows: 8).check(frame: PixelSize(width: 32, height: 16)) }
        #expect(error?.description == "tiles must be at most 32x8 for a 32x16 frame, so that no tile is empty, got 64x8")
    }
}
