import FlipTransCore
import Testing

/// When each tile turns: the order tiles start in, each `stagger` seconds after the one before,
/// and each turning for duration − (tiles − 1) × stagger so the last finishes on time.
struct TileScheduleTests {
    /// Tiles by index (row by row) of a 3×2 board:   0 1 2
    ///                                                3 4 5
    @Test(arguments: [
        (StaggerOrder.row, [0, 1, 2, 3, 4, 5]),
        (.column, [0, 3, 1, 4, 2, 5]),
        (.diagonal, [0, 1, 3, 2, 4, 5]),
        // Worked out by a separate implementation of SplitMix64 and Fisher–Yates.
        (.random(seed: 42), [4, 3, 0, 2, 5, 1]),
    ])
    func ordersOfA3x2Board(order: StaggerOrder, sequence: [Int]) throws {
        #expect(order.sequence(of: try TileGrid(columns: 3, rows: 2)) == sequence)
    }

    @Test func randomOrdersFollowTheirSeed() throws {
        let grid = try TileGrid(columns: 4, rows: 3)
        #expect(StaggerOrder.random(seed: 7).sequence(of: grid) == [10, 11, 5, 1, 7, 4, 8, 2, 9, 6, 0, 3])
        #expect(StaggerOrder.random(seed: 8).sequence(of: grid) == [0, 8, 1, 6, 4, 11, 3, 2, 7, 5, 9, 10])
        let big = try TileGrid(columns: 64, rows: 64)
        #expect(Set(StaggerOrder.random(seed: 1).sequence(of: big)) == Set(0..<4096))
    }

    @Test(arguments: [("row", StaggerOrder.row), ("column", .column), ("diagonal", .diagonal), ("random", .random(seed: 9))])
    func ordersAreNamed(name: String, order: StaggerOrder) throws {
        #expect(try StaggerOrder.named(name, seed: 9) == order)
    }

    @Test func unknownOrdersAreRefused() {
        let error = #expect(throws: ParameterError.self) { try StaggerOrder.named("spiral", seed: 0) }
        #expect(error?.description == "stagger-order must be one of row, column, diagonal, random, got 'spiral'")
    }

    /// 4×2 tiles, stagger 0.1 s over 1 s: each turns for 1 − 7 × 0.1 = 0.3 s; the tile in place
    /// k starts at 0.1·k, so at t its own time is (t − 0.1·k)/0.3, held at 0 and 1.
    @Test(arguments: [(0, 0.0, 0.0), (0, 0.15, 0.5), (0, 0.3, 1.0), (0, 0.9, 1.0),
                      (3, 0.29, 0.0), (3, 0.45, 0.5), (3, 0.6, 1.0),
                      (7, 0.7, 0.0), (7, 0.85, 0.5), (7, 0.99, 29.0 / 30)])
    func eachTileRunsItsOwnTime(place: Int, t: Double, local: Double) throws {
        let schedule = try TileSchedule(try Tiling(grid: try TileGrid(columns: 4, rows: 2), stagger: 0.1), duration: 1)
        #expect(abs(schedule.turn - 0.3) < 1e-12)
        #expect(abs(schedule.localTime(ofTile: place, at: t) - local) < 1e-9)
    }

    /// Exactly 0 for every tile at t = 0 and exactly 1 at t = 1, whatever the order and numbers.
    @Test(arguments: [StaggerOrder.row, .column, .diagonal, .random(seed: 3)], [(1.0, 0.1), (0.7, 0.013), (2.5, 0.0)])
    func everyTileStartsAtZeroAndEndsAtOne(order: StaggerOrder, timing: (duration: Double, stagger: Double)) throws {
        let tiling = try Tiling(grid: try TileGrid(columns: 7, rows: 5), stagger: timing.stagger / 5, order: order)
        let schedule = try TileSchedule(tiling, duration: timing.duration)
        for tile in 0..<35 {
            #expect(schedule.localTime(ofTile: tile, at: 0) == 0)
            #expect(schedule.localTime(ofTile: tile, at: 1) == 1)
        }
        // The last tile in the order is the only one still turning just before the end.
        let last = order.sequence(of: tiling.grid).last!
        let nearlyDone = (0..<35).filter { schedule.localTime(ofTile: $0, at: 0.99999) < 1 }
        #expect(timing.stagger == 0 || nearlyDone == [last])
    }

    /// Places follow the order: in column order the second tile to start is the one below the first.
    @Test func placesFollowTheOrder() throws {
        let tiling = try Tiling(grid: try TileGrid(columns: 3, rows: 2), stagger: 0.1, order: .column)
        let schedule = try TileSchedule(tiling, duration: 1)
        #expect(schedule.places == [0, 2, 4, 1, 3, 5])
        // Tile 3 (row 2, column 1) starts at 0.1 s and turns for 0.5 s.
        #expect(abs(schedule.localTime(ofTile: 3, at: 0.35) - 0.5) < 1e-12)
    }

    @Test func aStaggerThatLeavesNoTimeToTurnIsRefused() throws {
        let tiling = try Tiling(grid: try TileGrid(columns: 8, rows: 4), stagger: 0.05)
        let error = #expect(throws: ParameterError.self) { try TileSchedule(tiling, duration: 1) }
        #expect(error?.description == "stagger must be less than about 0.03226 seconds, so that each of 32 tiles has time to turn in a 1-second transition (it turns for the duration less (tiles − 1) × stagger), got 0.05")
        // The bound is 1/31 s: just under it leaves the tiles time to turn. (It said "at most
        // 0.03225", rounded down, and took 0.032257.)
        #expect(try TileSchedule(try Tiling(grid: try TileGrid(columns: 8, rows: 4), stagger: 0.032257), duration: 1).turn > 0)
        let whole = #expect(throws: ParameterError.self) { try TileSchedule(try Tiling(grid: try TileGrid(columns: 2, rows: 1), stagger: 1), duration: 1) }
        #expect(whole?.description.hasPrefix("stagger must be less than 1 second, so that each of 2 tiles") == true)
        // 5 tiles, 4 gaps of 0.25 s: the last would start as the transition ends.
        let last = #expect(throws: ParameterError.self) { try TileSchedule(try Tiling(grid: try TileGrid(columns: 5, rows: 1), stagger: 0.25), duration: 1) }
        #expect(last?.description.hasPrefix("stagger must be less than 0.25 seconds, so that each of 5 tiles") == true, "\(String(describing: last))")
        // One tile has all the time there is, whatever the stagger.
        #expect(try TileSchedule(try Tiling(grid: .single, stagger: 5), duration: 1).turn == 1)
    }

    @Test func staggerIsCheckedByItsDeclaration() {
        let error = #expect(throws: ParameterError.self) { try Tiling(grid: .single, stagger: -1) }
        #expect(error?.description == "stagger must be between 0 and 3600 seconds, got -1")
        let seed = #expect(throws: ParameterError.self) { try Tiling.parse(tiles: "2x2", stagger: 0, order: "random", seed: -4) }
        #expect(seed?.description == "stagger-seed must be between 0 and 4294967295, got -4")
    }
}
