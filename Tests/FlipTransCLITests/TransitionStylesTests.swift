import FlipTransMedia
import Testing

/// Every style of every transition renders and encodes through the real command.
struct TransitionStylesTests {
    static let pageStyles: [[String]] = ["left", "right", "up", "down"].flatMap { direction in
        [["--page", "--direction", direction], ["--transition", "page", "--direction", direction, "--reverse"]]
    }
    static let foldStyles: [[String]] = ["normal", "cubic"].flatMap { style in
        [[], ["--unfold"]].flatMap { unfold in
            ["vertical", "horizontal"].map { ["--fold", style, "--orientation", $0] + unfold }
        }
    }
    static let otherSpellings: [[String]] = [["--fold"], ["--transition", "fold"], ["--transition", "flip", "--direction", "down"]]

    @Test(arguments: pageStyles + foldStyles + otherSpellings)
    func styleRendersAndEncodes(_ style: [String]) throws {
        let workspace = try Workspace()
        let result = try workspace.run(["a.png", "b.png", "-o", "out.mp4", "--duration", "0.3", "--fps", "10"] + style)
        #expect(result.status == 0, "\(result.stderr)")
        let video = try ProbedVideo(path: workspace.path("out.mp4"))
        #expect(video.frames == 3)
        // The middle frame is neither input: the transition really moved.
        let still = try workspace.run(["still", "a.png", "b.png", "--at", "0.4", "-o", "mid.png"] + style)
        #expect(still.status == 0, "\(still.stderr)")
        let middle = try ImageDecoder.decode(contentsOf: workspace.path("mid.png"))
        #expect(middle != (try ImageDecoder.decode(contentsOf: workspace.path("a.png"))))
        #expect(middle != (try ImageDecoder.decode(contentsOf: workspace.path("b.png"))))
    }

    @Test func theUsersOwnFoldCommandWorks() throws {
        let workspace = try Workspace()
        let result = try workspace.run("a.png", "b.png", "-o", "out.mp4", "--fold", "cubic")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try ProbedVideo(path: workspace.path("out.mp4")).frames == 30)
    }

    @Test func contradictoryTransitionsAreRefused() throws {
        let workspace = try Workspace()
        let result = try workspace.run("a.png", "b.png", "-o", "out.mp4", "--page", "--fold", "cubic")
        #expect(result.status != 0)
        #expect(result.errorLines == ["Error: conflicting transitions: 'page' and 'fold'; choose one"])
    }

    /// An option of another transition than the one chosen would change nothing: refused, in
    /// the commands that render one transition and a slideshow that turns one way. A cycling
    /// show's options serve the slides whose transitions take them.
    @Test(arguments: [
        (["--page", "--pullback", "0.5"], "--pullback is an option of flip, not of page; leave it out or choose --transition flip"),
        (["--reverse"], "--reverse is an option of page, not of flip; leave it out or choose --transition page"),
        (["--unfold", "--orientation", "horizontal"], "--unfold is an option of fold, not of flip; leave it out or choose --transition fold"),
        (["--fold", "--direction", "up"], "--direction does not apply to fold, which has no direction; leave it out"),
    ])
    func anotherTransitionsOptionIsRefused(options: [String], message: String) throws {
        let workspace = try Workspace()
        for command in [["still", "a.png", "b.png", "--at", "0.5", "-o", "out.png"], ["a.png", "b.png", "-o", "out.mp4"]] {
            let result = try workspace.run(command + options)
            #expect(result.status == 1)
            #expect(result.errorLines == ["Error: " + message])
        }
        let oneWay = try workspace.run(["slideshow", "a.png", "b.png", "-o", "show.mp4"] + options)
        #expect(oneWay.status == 1 && oneWay.errorLines == ["Error: " + message], "a show that turns one way: \(oneWay.stderr)")
        #expect(workspace.files == ["a.png", "b.png"])
        let show = try workspace.run(["slideshow", "a.png", "b.png", "-o", "show.mp4", "--transition", "cycle", "--duration", "0.2", "--hold", "0.1"]
                                     + options.filter { !["--page", "--fold"].contains($0) })
        #expect(show.status == 0, "\(show.stderr)")
    }
}
