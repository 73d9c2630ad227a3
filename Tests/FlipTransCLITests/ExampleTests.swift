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

    /// It writes the video, and says how many frames the file holds: a GIF's too, whose frames
    /// are rendered twice (once for its palette).
    @Test(arguments: ["clip.mp4", "clip.gif"])
    func theExampleRendersAVideo(output: String) throws {
        let workspace = try Workspace()
        let program = Fliptrans.executable.deletingLastPathComponent().appendingPathComponent("render-a-clip")
        let process = Process()
        process.executableURL = program
        process.arguments = [workspace.path("a.png"), workspace.path("b.png"), workspace.path(output)]
        let stdout = Pipe()
        process.standardOutput = stdout
        try process.run()
        let said = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let video = try ProbedVideo(path: workspace.path(output))
        #expect(video.width == 640 && video.height == 360)
        // A GIF codes each hold as one longer frame; the clip's frames are still 60.
        #expect(video.frames == (output.hasSuffix(".gif") ? 1 + 30 + 1 : 15 + 30 + 15))
        #expect(abs(video.duration - 2) < 0.02)
        #expect(said.hasSuffix("wrote 60 frames to \(workspace.path(output))\n"), "\(said)")
    }

    /// An app that calls `ProcessSetup.install()` first, as the example does, stopped by a
    /// signal mid-render, removes its partial output and exits as a shell expects (128 + 15).
    @Test func theExampleStoppedBySIGTERMLeavesNothing() throws {
        let workspace = try Workspace()
        let process = Process()
        process.executableURL = Fliptrans.executable.deletingLastPathComponent().appendingPathComponent("render-a-clip")
        process.arguments = [workspace.path("a.png"), workspace.path("b.png"), workspace.path("clip.mp4")]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        #expect(workspace.waitForPartial(of: "clip.mp4") != nil, "the render did not start")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        #expect(workspace.files == ["a.png", "b.png"])
    }
}
