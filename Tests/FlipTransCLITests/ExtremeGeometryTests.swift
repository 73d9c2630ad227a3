import Foundation
import Testing

/// Every documented value renders: a card magnified by a strong pull-back, and eye distances so
/// short that corners come to or behind the eye (they are clipped at the eye plane), once made
/// the renderer trap.
struct ExtremeGeometryTests {
    static let cases: [[String]] = [
        ["--pullback", "4"], ["--pullback", "2.3"], ["--pullback", "4", "--direction", "up"],
        ["--perspective", "1"], ["--perspective", "1", "--direction", "down"], ["--perspective", "250"],
        ["--page", "--perspective", "1"], ["--page", "--perspective", "300", "--reverse"],
        ["--fold", "cubic", "--perspective", "1"], ["--clock", "--perspective", "1"],
    ]

    @Test(arguments: cases)
    func rendersAStillAndAVideo(options: [String]) throws {
        let workspace = try Workspace()
        let still = try workspace.run(["still", "a.png", "b.png", "--at", "0.3", "-o", "f.png"] + options)
        #expect(still.status == 0 && still.stderr.isEmpty, "\(still.stderr)")
        let video = try workspace.run(["a.png", "b.png", "-o", "v.mp4", "--duration", "0.3", "-q"] + options)
        #expect(video.status == 0 && video.stderr.isEmpty, "\(video.stderr)")
        #expect(try ProbedVideo(path: workspace.path("v.mp4")).frames == 9)
    }
}
