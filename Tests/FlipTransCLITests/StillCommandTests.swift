import FlipTransCore
import FlipTransMedia
import Testing

struct StillCommandTests {
    @Test(arguments: [("0", "a.png"), ("1", "b.png")])
    func endsOfTheTransitionAreTheInputsExactly(at: String, expected: String) throws {
        let workspace = try Workspace()
        let result = try workspace.run("still", "a.png", "b.png", "--at", at, "-o", "frame.png")
        #expect(result.status == 0, "\(result.stderr)")
        let frame = try ImageDecoder.decode(contentsOf: workspace.path("frame.png"))
        #expect(frame == (try ImageDecoder.decode(contentsOf: workspace.path(expected))))
    }

    @Test func midTurnShowsTheCardEdgeOnOverTheBackground() throws {
        let workspace = try Workspace()
        let result = try workspace.run("still", "a.png", "b.png", "--at", "0.5", "-o", "mid.png", "--background", "#00ff00")
        #expect(result.status == 0, "\(result.stderr)")
        let frame = try ImageDecoder.decode(contentsOf: workspace.path("mid.png"))
        // Edge-on at mid-turn: the left quarter of the frame is pure background.
        let pixel = frame.pixel(x: 20, y: 60)
        #expect(pixel.r == 0 && pixel.g == 255 && pixel.b == 0)
    }
}
