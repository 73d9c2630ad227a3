import FlipTransCore
import FlipTransMedia
import Foundation
import Testing

/// The clock and boards of tiles through the real command: videos of the right length in both
/// formats, exact end frames, specs and job lines, and one-line errors that write nothing.
struct ClockAndBoardTests {
    static let boards: [[String]] = [
        ["--clock"],
        ["--transition", "clock", "--direction", "up"],
        ["--clock", "--tiles", "4x3", "--stagger", "0.02"],
        ["--tiles", "5x2", "--stagger", "0.01", "--stagger-order", "diagonal"],
        ["--flip", "--direction", "up", "--tiles", "3x3", "--stagger", "0.02", "--stagger-order", "random", "--stagger-seed", "7"],
        ["--page", "--tiles", "2x2", "--stagger-order", "column", "--stagger", "0.05"],
        ["--fold", "cubic", "--tiles", "2x1"],
    ]

    @Test(arguments: boards, ["mp4", "webm"])
    func rendersAndEncodes(_ options: [String], format: String) throws {
        let workspace = try Workspace()
        let result = try workspace.run(["a.png", "b.png", "-o", "out.\(format)", "--duration", "0.4", "--fps", "10", "--hold", "0.2"]
                                       + options)
        #expect(result.status == 0, "\(result.stderr)")
        let video = try ProbedVideo(path: workspace.path("out.\(format)"))
        #expect(video.frames == 2 + 4 + 2)
        #expect(video.codec == (format == "mp4" ? "h264" : "vp9"))
    }

    /// Stills through the command: the first frame is exactly A and the last exactly B, the middle
    /// neither.
    @Test(arguments: boards)
    func endFramesAreTheImages(_ options: [String]) throws {
        let workspace = try Workspace()
        let (a, b) = (try ImageDecoder.decode(contentsOf: workspace.path("a.png")), try ImageDecoder.decode(contentsOf: workspace.path("b.png")))
        for (t, expected) in [("0", a), ("1", b)] {
            let result = try workspace.run(["still", "a.png", "b.png", "--at", t, "-o", "f\(t).png"] + options)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try ImageDecoder.decode(contentsOf: workspace.path("f\(t).png")) == expected, "t = \(t)")
        }
        _ = try workspace.run(["still", "a.png", "b.png", "--at", "0.45", "-o", "middle.png"] + options)
        let middle = try ImageDecoder.decode(contentsOf: workspace.path("middle.png"))
        #expect(middle != a && middle != b)
    }

    /// Every tile of a board of solid images turning together looks the same: a fold's tiles
    /// showed the background along their upper hinge, all but the last of each row, as the next
    /// tile's side undid the hinge's seam (63 levels darker, across three quarters of the frame).
    @Test(arguments: ["flip", "page", "fold", "clock"])
    func theTilesOfASolidBoardAreAlike(transition: String) throws {
        let workspace = try Workspace()
        try PNGWriter.write(Image(width: 640, height: 360, filledWith: Color(red: 255, green: 255, blue: 255)), to: workspace.path("white.png"))
        try PNGWriter.write(Image(width: 640, height: 360, filledWith: Color(red: 255, green: 200, blue: 40)), to: workspace.path("yellow.png"))
        let result = try workspace.run("still", "white.png", "yellow.png", "--at", "0.3", "--timing", "linear", "--transition", transition,
                                       "--tiles", "4x3", "--background", "#6d6d6d", "-o", "board.png")
        #expect(result.status == 0, "\(result.stderr)")
        let board = try ImageDecoder.decode(contentsOf: workspace.path("board.png"))
        var worst = 0
        for y in 0..<360 {
            for x in 0..<160 {
                for column in 0..<3 {
                    let (here, last) = ((y * 640 + x + column * 160) * 4, (y * 640 + x + 480) * 4)
                    for channel in 0..<3 { worst = max(worst, abs(Int(board.pixels[here + channel]) - Int(board.pixels[last + channel]))) }
                }
            }
        }
        #expect(worst <= 2, "a tile differs from the last of its row by \(worst)")
    }

    /// A board is a shared knob, set per slide in a spec like any other.
    @Test func specsSetBoardsPerSlide() throws {
        let workspace = try Workspace()
        try workspace.write("show.yaml", Array("""
            output: show.webm
            fps: 10
            hold: 0.2
            duration: 0.5
            tiles: 4x2
            stagger: 0.02
            slides:
              - image: a.png
                transition: clock
                stagger-order: random
                stagger-seed: 3
              - image: b.png
                tiles: 1x1
              - a.png
            """.utf8))
        let result = try workspace.run("slideshow", "--spec", "show.yaml")
        #expect(result.status == 0, "\(result.stderr)")
        // The first transition leaves out the frame the second begins with.
        #expect(try ProbedVideo(path: workspace.path("show.webm")).frames == 3 * 2 + 2 * 5 - 1)
    }

    /// A board set for the whole show serves the transitions that can be tiled: a slide turning
    /// to the cards (in a spec, or a sixth slide of `cycle`) turns them as a deck, where the whole
    /// show was refused. A board set beside the cards themselves is still refused.
    @Test func aShowsBoardLeavesTheCardsWhole() throws {
        let workspace = try Workspace()
        func show(tiles: String) -> String {
            "output: \(tiles)/f%02d.png\nfps: 10\nhold: 0.1\nduration: 0.5\nsize: 160x120\ntiles: \(tiles)\nslides:\n  - a.png\n  - image: b.png\n    transition: cards\n  - a.png\n"
        }
        for tiles in ["4x2", "1x1"] {
            try FileManager.default.createDirectory(atPath: workspace.path(tiles), withIntermediateDirectories: false)
            try workspace.write("\(tiles).yaml", Array(show(tiles: tiles).utf8))
            let result = try workspace.run("slideshow", "--spec", "\(tiles).yaml")
            #expect(result.status == 0, "\(result.stderr)")
        }
        // A held, the flip (frames 2–5, its last left out: the cards begin with it), B held, the
        // cards (7–11), A held: only the flip is a board.
        let differing = try (1...12).filter { frame in
            let name = String(format: "f%02d.png", frame)
            return try ImageDecoder.decode(contentsOf: workspace.path("4x2/" + name)) != ImageDecoder.decode(contentsOf: workspace.path("1x1/" + name))
        }
        #expect(!differing.isEmpty && differing.allSatisfy { (2...5).contains($0) }, "\(differing)")
        let images = (0..<6).map { "\($0).png" }
        for (index, image) in images.enumerated() {
            try PNGWriter.write(Workspace.pattern(160, 120, tint: index % 2), to: workspace.path(image))
        }
        let cycle = try workspace.run(["slideshow"] + images + ["-o", "cycle.mp4", "--fps", "10", "--hold", "0.1", "--duration", "0.3",
                                                              "--transition", "cycle", "--tiles", "4x2"])
        #expect(cycle.status == 0, "\(cycle.stderr)")
        // Flip, page and fold leave out the frame the next begins with; the clock before the
        // cards keeps it (the show cuts from the plain image to the deck).
        #expect(try ProbedVideo(path: workspace.path("cycle.mp4")).frames == 6 * 1 + 5 * 3 - 3)
        let cards = try workspace.run("slideshow", "a.png", "b.png", "-o", "cards.mp4", "--transition", "cards", "--tiles", "4x2")
        #expect(cards.status == 1)
        #expect(cards.errorLines == ["Error: --tiles must be 1x1 for cards, which shows a deck of images, not two turning into each other, got 4x2"])
    }

    @Test func jobLinesSetBoards() throws {
        let workspace = try Workspace()
        let line = #"{"images": ["a.png", "b.png"], "output": "board.mp4", "fps": 10, "duration": 0.6, "transition": "clock", "#
            + #""tiles": "6x4", "stagger": 0.01, "stagger-order": "random", "stagger-seed": 2}"#
        try workspace.write("jobs.jsonl", Array(line.utf8))
        let result = try workspace.run("batch", "jobs.jsonl")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try ProbedVideo(path: workspace.path("board.mp4")).frames == 6)
    }

    @Test func aBadBoardInAJobLineNamesTheKey() throws {
        let workspace = try Workspace()
        let line = #"{"images": ["a.png", "b.png"], "output": "board.mp4", "tiles": "8x0"}"#
        try workspace.write("jobs.jsonl", Array(line.utf8))
        let result = try workspace.run("batch", "jobs.jsonl")
        #expect(result.status == 2)
        #expect(result.errorLines.contains("Error: jobs.jsonl: line 1: key 'tiles' must be COLSxROWS with each between 1 and 64, e.g. 8x4, got 8x0"),
                "\(result.stderr)")
        #expect(!workspace.files.contains("board.mp4"))
    }

    /// `--transition cycle` goes through every registered transition, the clock among them; a
    /// direction the clock cannot take leaves it to its own.
    @Test func cycleIncludesTheClock() throws {
        let workspace = try Workspace()
        let images = (0..<5).map { "\($0).png" }
        for (index, image) in images.enumerated() {
            try PNGWriter.write(Workspace.pattern(160, 120, tint: index % 2), to: workspace.path(image))
        }
        let result = try workspace.run(["slideshow"] + images + ["-o", "cycle.mp4", "--fps", "10", "--hold", "0.1",
                                                               "--duration", "0.3", "--transition", "cycle", "--direction", "left"])
        #expect(result.status == 0, "\(result.stderr)")
        // Each turn but the last leaves out the frame the next begins with.
        #expect(try ProbedVideo(path: workspace.path("cycle.mp4")).frames == 5 * 1 + 4 * 3 - 3)
        #expect(try TransitionCycle.transition(3, base: TransitionSettings(direction: .left)) is Clock)
    }

    @Test(arguments: [
        (["--tiles", "0x4"], "--tiles must be COLSxROWS with each between 1 and 64, e.g. 8x4, got 0x4"),
        (["--tiles", "65x1"], "--tiles must be COLSxROWS with each between 1 and 64, e.g. 8x4, got 65x1"),
        (["--tiles", "8by4"], "--tiles must be COLSxROWS with each between 1 and 64, e.g. 8x4, got '8by4'"),
        (["--tiles", "-2x2"], "--tiles must be COLSxROWS with each between 1 and 64, e.g. 8x4, got '-2x2'"),
        (["--tiles", "2x1", "--stagger", "-1"], "--stagger must be between 0 and 3600 seconds, got -1"),
        (["--tiles", "5x1", "--stagger", "0.25"],
         "--stagger must be less than 0.25 seconds, so that each of 5 tiles has time to turn in a 1-second transition (it turns for the duration less (tiles − 1) × stagger), got 0.25"),
        (["--tiles", "2x1", "--stagger-order", "random", "--stagger-seed", "-3"], "--stagger-seed must be between 0 and 4294967295, got -3"),
        // A board's options without a board, or a seed without a random order, did nothing.
        (["--stagger", "0.2"], "--stagger is used only with a board of tiles: give --tiles COLSxROWS, or leave it out"),
        (["--stagger-order", "random"], "--stagger-order is used only with a board of tiles: give --tiles COLSxROWS, or leave it out"),
        (["--tiles", "2x1", "--stagger-seed", "9"], "--stagger-seed is used only with --stagger-order random"),
        (["--clock", "--direction", "left"], "--direction must be one of down, up for clock, got left"),
        (["--tiles", "64x2", "--size", "32x32"], "--tiles must be at most 32x2 for a 32x32 frame, so that no tile is empty, got 64x2"),
    ])
    func badBoardsFailInOneLineAndWriteNothing(options: [String], message: String) throws {
        let workspace = try Workspace()
        let before = workspace.files
        let result = try workspace.run(["a.png", "b.png", "-o", "out.mp4"] + options)
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: \(message)"])
        #expect(result.stdout.isEmpty)
        #expect(workspace.files == before)
    }

    /// A show's stagger without tiles is refused too, with `cycle` as with one transition.
    @Test(arguments: [["--transition", "cycle"], ["--clock"]])
    func aShowsStaggerWithoutABoardIsRefused(transition: [String]) throws {
        let workspace = try Workspace()
        let result = try workspace.run(["slideshow", "a.png", "b.png", "-o", "show.mp4", "--stagger", "0.2"] + transition)
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: --stagger is used only with a board of tiles: give --tiles COLSxROWS, or leave it out"])
        #expect(!workspace.files.contains("show.mp4"))
    }

    /// A slip for `random` beside a seed is named as the order's, not blamed on the seed.
    @Test func aMistypedOrderIsNamedBeforeItsSeed() throws {
        let workspace = try Workspace()
        let result = try workspace.run("a.png", "b.png", "-o", "out.mp4", "--tiles", "2x2", "--stagger-order", "rnadom", "--stagger-seed", "3")
        #expect(result.status == 2)
        #expect(result.errorLines.first == "Error: --stagger-order must be one of row, column, diagonal, random, got 'rnadom'")
    }

    /// A spec's stagger serves a board on any one slide (with none it is refused: SlideshowCommandTests).
    @Test func aSpecsStaggerServesOneSlidesBoard() throws {
        let workspace = try Workspace()
        try workspace.write("show.yaml", Array("output: show.mp4\nhold: 0.1\nduration: 0.3\nfps: 10\nstagger: 0.05\nslides: [{image: a.png, tiles: 2x2}, b.png]\n".utf8))
        let served = try workspace.run("slideshow", "--spec", "show.yaml")
        #expect(served.status == 0, "\(served.stderr)")
    }
}
