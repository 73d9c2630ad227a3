import Foundation
import Testing

/// The README's library example is `Examples/RenderAClip/main.swift`, word for word, and it runs.
struct ExampleTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func theReadmeShowsTheExampleAsCompiled() throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let example = try String(contentsOf: Self.repository.appendingPathComponent("Examples/RenderAClip/main.swift"), encoding: .utf8)
        #expect(readme.contains("```swift\n" + example + "```\n"))
    }

    @Test func theExampleRendersAVideo() throws {
        let workspace = try Workspace()
        let program = Fliptrans.executable.deletingLastPathComponent().appendingPathComponent("render-a-clip")
        let process = Process()
        process.executableURL = program
        process.arguments = [workspace.path("a.png"), workspace.path("b.png"), workspace.path("clip.mp4")]
        process.standardOutput = Pipe()
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let video = try ProbedVideo(path: workspace.path("clip.mp4"))
        #expect(video.width == 640 && video.height == 360)
        #expect(video.frames == 15 + 30 + 15)
    }
}
