import Foundation
import Testing

/// `fliptrans sheet`: frames of the transition in a grid, each the very frame `still` renders at
/// its t, over a label drawn by the text engine the slides use; `fliptrans transitions --styles` and the gallery script built on it.
struct SheetCommandTests {
    @Test func aSheetHoldsTheStillsAtEvenlySpacedTimesInAGrid() throws {
        let workspace = try Workspace()
        let result = try workspace.run("sheet", "a.png", "b.png", "-o", "sheet.png", "--frames", "5", "--columns", "3", "--page")
        #expect(result.status == 0 && result.stderr.isEmpty && result.stdout.isEmpty, "\(result.stderr)")
        // 3 columns of 160 px with 8 px gaps; 2 rows of 120 px, a 14 px label strip and a gap.
        let (width, height) = (3 * 168 + 8, 2 * 142 + 8)
        let probed = try DecodedOutput.probe(workspace.path("sheet.png"), ["width", "height"], in: workspace.url)
        #expect(probed["width"] == "\(width)" && probed["height"] == "\(height)")
        let sheet = try DecodedOutput.frame(0, of: "sheet.png", width: width, in: workspace.url)
        for (index, t) in [0, 0.25, 0.5, 0.75, 1].enumerated() {
            let still = "t\(index).png"
            #expect(try workspace.run("still", "a.png", "b.png", "--at", "\(t)", "--page", "-o", still).status == 0)
            let frame = try DecodedOutput.frame(0, of: still, width: 160, in: workspace.url)
            let (left, top) = (8 + index % 3 * 168, 8 + index / 3 * 142)
            let mismatches = stride(from: 0, to: 120, by: 7).flatMap { y in stride(from: 0, to: 160, by: 7).map { (x: $0, y: y) } }
                .filter { sheet(left + $0.x, top + $0.y) != frame($0.x, $0.y) }
            #expect(mismatches.isEmpty, "cell \(index) (t = \(t)) differs from the still at \(mismatches.prefix(3))")
            // The label strip under the cell has ink (white on the default black) centred in it.
            let ink = (0..<160).filter { x in (top + 121..<top + 134).contains { sheet(left + x, $0)[0] > 128 } }
            #expect(!ink.isEmpty && ink.first! > 40 && ink.last! < 120, "label of cell \(index): ink at \(ink.first ?? -1)…\(ink.last ?? -1)")
        }
        // The sixth cell is empty: background.
        #expect(sheet(8 + 2 * 168 + 80, 8 + 142 + 60) == [0, 0, 0, 255])
    }

    /// On a transparent sheet the labels are black with a white rim, so they read on a dark page
    /// as on a light one (black alone vanished on a dark one).
    @Test func labelsOnATransparentSheetReadOnAnyPage() throws {
        let workspace = try Workspace()
        let result = try workspace.run("sheet", "a.png", "b.png", "-o", "sheet.png", "--frames", "2", "--background", "transparent")
        #expect(result.status == 0, "\(result.stderr)")
        let sheet = try DecodedOutput.frame(0, of: "sheet.png", width: 2 * 168 + 8, in: workspace.url)
        // The first cell's label strip: opaque pixels, some dark (the text) and some light (its rim).
        let strip = (0..<160).flatMap { x in (129..<142).map { sheet(8 + x, $0) } }.filter { $0[3] == 255 }
        #expect(strip.contains { $0[0] < 64 } && strip.contains { $0[0] > 192 }, "\(strip.count) opaque pixels")
    }

    @Test func badListsAreRefusedBeforeAnyWork() throws {
        let workspace = try Workspace()
        let cases: [([String], String)] = [
            (["--at", "0,2"], "Error: --at: '2' is not a time fraction between 0 and 1; give a list such as 0,0.25,0.5"),
            (["--at", "0.5", "--frames", "3"], "Error: --at and --frames: give one or the other"),
            (["--frames", "1"], "Error: --frames must be between 2 and 100, got 1"),
            (["--columns", "0"], "Error: --columns must be between 1 and 100, got 0"),
        ]
        for (arguments, line) in cases {
            let result = try workspace.run(["sheet", "missing.png", "b.png", "-o", "sheet.png"] + arguments)
            #expect(result.status == 1 && result.errorLines == [line], "\(arguments): \(result.stderr)")
        }
        let mp4 = try workspace.run("sheet", "a.png", "b.png", "-o", "sheet.mp4")
        #expect(mp4.status == 1 && mp4.errorLines == ["Error: sheet.mp4: a contact sheet is written as .png, not as H.264, HEVC or AV1 video"])
        let jpeg = try workspace.run("sheet", "a.png", "b.png", "-o", "sheet.jpg")
        #expect(jpeg.status == 1 && jpeg.errorLines == ["Error: sheet.jpg: a contact sheet is written as .png, not as a JPEG image"])
        let bmp = try workspace.run("sheet", "a.png", "b.png", "-o", "sheet.bmp")
        #expect(bmp.status == 1 && bmp.errorLines == ["Error: sheet.bmp: a contact sheet is written as .png"])
        // A frame-number pattern names files a sheet, one picture, does not make (a still refuses it so too).
        let pattern = try workspace.run("sheet", "a.png", "b.png", "-o", "f%04d.png")
        #expect(pattern.status == 1 && pattern.errorLines == ["Error: f%04d.png: a contact sheet is one file, not numbered frames; a frame-number pattern makes a sequence of .png or .jpg files"],
                "\(pattern.stderr)")
        #expect(workspace.files == ["a.png", "b.png"])
    }

    /// More columns than frames make one row of them; a sheet larger than a PNG FFmpeg writes
    /// (about 268 million pixels) is refused once the inputs are probed, not after every frame.
    @Test func theSheetsSizeFollowsItsFramesAndHasALimit() throws {
        let workspace = try Workspace()
        let row = try workspace.run("sheet", "a.png", "b.png", "-o", "row.png", "--frames", "3", "--columns", "10", "--size", "64x36")
        #expect(row.status == 0, "\(row.stderr)")
        let probed = try DecodedOutput.probe(workspace.path("row.png"), ["width", "height"], in: workspace.url)
        #expect(probed["width"] == "\(3 * 72 + 8)" && probed["height"] == "\(36 + 14 + 16)")
        let huge = try workspace.run("sheet", "a.png", "b.png", "-o", "huge.png", "--frames", "100", "--size", "2560x1440")
        #expect(huge.status == 1)
        #expect(huge.errorLines == ["Error: huge.png: a contact sheet of 100 frames of 2560x1440 would be 10280x39808, "
                                    + "larger than a PNG FFmpeg writes; show fewer frames or give a smaller --size"])
        #expect(!workspace.files.contains("huge.png"))
    }

    @Test func stylesListEveryStyleWithArgumentsThatChooseIt() throws {
        let workspace = try Workspace()
        let result = try workspace.run("transitions", "--styles")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(lines.count == 24 && lines.allSatisfy { $0.count == 2 })
        #expect(lines.contains(["flip-left", "--transition flip --direction left"]))
        #expect(lines.contains(["page-up", "--transition page --direction up"]))
        #expect(lines.contains(["fold-cubic-horizontal-unfold", "--transition fold --fold cubic --orientation horizontal --unfold"]))
        // Every line's arguments render (a still of each: the arguments are a render's too).
        for line in lines where line.count == 2 {
            let render = try workspace.run(["still", "a.png", "b.png", "--at", "0.5", "-o", "\(line[0]).png"] + line[1].split(separator: " ").map(String.init))
            #expect(render.status == 0, "\(line[0]): \(render.stderr)")
        }
    }

    @Test func theGalleryScriptRuns() throws {
        let workspace = try Workspace()
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let result = try Fliptrans.runShell("\"\(repository.path)/Samples/gallery.sh\" --check", in: workspace.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("| | | | |\n|---|---|---|---|\n| ![flip-left](docs/gallery/flip-left.webp)<br>`flip-left` |"), "\(result.stdout)")
    }
}
