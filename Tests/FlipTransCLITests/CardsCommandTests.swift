import FlipTransCore
import FlipTransMedia
import Foundation
import Testing

/// The card stack through the real command: slideshows into MP4 and WebM, a spec and job lines,
/// `--transition cycle` with the cards in it, a still of the deck, and the directions it refuses.
struct CardsCommandTests {
    /// a.png, b.png and more images up to `count`, named in show order.
    func workspace(images count: Int) throws -> (Workspace, [String]) {
        let workspace = try Workspace()
        let names = ["a.png", "b.png"] + (2..<max(count, 2)).map { "image\($0).png" }
        for (index, name) in names.enumerated().dropFirst(2) {
            try PNGWriter.write(Workspace.pattern(160, 120, tint: index % 2), to: workspace.path(name))
        }
        return (workspace, Array(names.prefix(count)))
    }

    /// A show of four: holds of round(0.3 × 10) frames, turns of round(0.4 × 10), each less its
    /// last frame where another turn follows; with `--loop` a fourth turn back to the first
    /// image, less its last frame too.
    @Test(arguments: [("mp4", false, "h264"), ("webm", false, "vp9"), ("mp4", true, "h264")])
    func slideshowOfFourImages(format: String, loop: Bool, codec: String) throws {
        let (workspace, images) = try workspace(images: 4)
        let result = try workspace.run(["slideshow"] + images + ["-o", "deck.\(format)", "--transition", "cards", "--fps", "10",
                                                                "--hold", "0.3", "--duration", "0.4"] + (loop ? ["--loop"] : []))
        #expect(result.status == 0, "\(result.stderr)")
        let video = try ProbedVideo(path: workspace.path("deck.\(format)"))
        #expect(video.codec == codec)
        #expect(video.frames == (loop ? 4 * 3 + 4 * 4 - 4 : 4 * 3 + 3 * 4 - 2))
    }

    /// The cards in a spec (one slide turning up), that spec as a job line, and a two-image job.
    @Test func specAndJobLines() throws {
        let (workspace, _) = try workspace(images: 4)
        try workspace.write("deck.yaml", Array("""
            output: deck.mp4
            fps: 10
            hold: 0.2
            duration: 0.3
            transition: cards
            slides:
              - a.png
              - image: b.png
                direction: up
              - image2.png
              - image3.png
            """.utf8))
        let spec = try workspace.run("slideshow", "--spec", "deck.yaml")
        #expect(spec.status == 0, "\(spec.stderr)")
        // The first two turns leave out the frame the next begins with.
        #expect(try ProbedVideo(path: workspace.path("deck.mp4")).frames == 4 * 2 + 3 * 3 - 2)

        try workspace.write("jobs.jsonl", Array("""
            {"spec": "deck.yaml", "output": "from-job.webm"}
            {"images": ["a.png", "b.png"], "output": "pair.mp4", "transition": "cards", "direction": "up", "duration": 0.3, "fps": 10, "hold": 0.2}
            """.utf8))
        let batch = try workspace.run("batch", "jobs.jsonl", "--quiet")
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(try ProbedVideo(path: workspace.path("from-job.webm")).frames == 4 * 2 + 3 * 3 - 2)
        #expect(try ProbedVideo(path: workspace.path("pair.mp4")).frames == 2 + 3 + 2)
    }

    /// `--transition cycle` takes every registered transition in turn, the cards among them (which
    /// draw their holds and more images than two); given `--direction left`, which the cards
    /// cannot take, the others turn left and the cards their own ways.
    @Test(arguments: [(false, [String]()), (true, []), (false, ["--direction", "left"])])
    func cycleIncludesTheCards(loop: Bool, direction: [String]) throws {
        let count = TransitionRegistry.standard.types.count + 1
        #expect(TransitionRegistry.standard.names.contains(Cards.name))
        let (workspace, images) = try workspace(images: count)
        let result = try workspace.run(["slideshow"] + images + ["-o", "cycle.mp4", "--transition", "cycle", "--fps", "10",
                                                                "--hold", "0.2", "--duration", "0.3"] + direction + (loop ? ["--loop"] : []))
        #expect(result.status == 0, "\(result.stderr)")
        let turns = loop ? count : count - 1
        // Each turn that another of its kind follows leaves out its last frame: flip, page, fold
        // and clock the next; not the clock before the cards, nor the cards before the flip
        // (the show cuts between the deck and the plain image); the loop's last flip, the first.
        #expect(try ProbedVideo(path: workspace.path("cycle.mp4")).frames == count * 2 + turns * 3 - (turns - 2))
    }

    /// A still at the start is the deck, A in front of B, not A itself; at the end B stands alone.
    /// In a 160×120 frame the front card's top edge is at row 22 and B's, one place back, at
    /// 18.9: row 19 is B's border, its card colour darkened by 0.08; above it the background.
    @Test func stillsShowTheDeck() throws {
        let workspace = try Workspace()
        for at in ["0", "1"] {
            let result = try workspace.run("still", "a.png", "b.png", "--transition", "cards", "--at", at, "-o", "at\(at).png")
            #expect(result.status == 0, "\(result.stderr)")
        }
        let start = try ImageDecoder.decode(contentsOf: workspace.path("at0.png"))
        let end = try ImageDecoder.decode(contentsOf: workspace.path("at1.png"))
        #expect(start != (try ImageDecoder.decode(contentsOf: workspace.path("a.png"))))
        let border = start.pixel(x: 80, y: 19)
        let card = Cards.cardColour
        for (channel, colour) in [(border.r, card.red), (border.g, card.green), (border.b, card.blue)] {
            #expect(abs(Int(channel) - Int((Double(colour) * 0.92).rounded())) <= 1, "\(border)")
        }
        #expect(start.pixel(x: 80, y: 17) == (0, 0, 0, 255))
        #expect(end.pixel(x: 80, y: 19) == (0, 0, 0, 255))
    }

    /// The cards turn down or up: another direction is refused on the command line and in a
    /// spec, naming what is accepted, before anything is written.
    @Test func otherDirectionsAreRefused() throws {
        let workspace = try Workspace()
        let before = workspace.files
        let command = try workspace.run("a.png", "b.png", "-o", "out.mp4", "--transition", "cards", "--direction", "left")
        #expect(command.status == 1)
        #expect(command.errorLines == ["Error: --direction must be one of down, up for cards, got left"])
        #expect(workspace.files == before)

        try workspace.write("show.yaml", Array("output: show.mp4\nslides:\n  - image: a.png\n    transition: cards\n    direction: right\n  - b.png\n".utf8))
        let spec = try workspace.run("slideshow", "--spec", "show.yaml")
        #expect(spec.status == 1)
        #expect(spec.errorLines == ["Error: show.yaml: slide 1: key 'direction' must be one of down, up for cards, got right"])
        #expect(workspace.files == before.union(["show.yaml"]))
    }
}
