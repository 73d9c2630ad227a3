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
}
