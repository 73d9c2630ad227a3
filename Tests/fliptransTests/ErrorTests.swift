import Foundation
import Testing

/// Every user error through the real command: one line on stderr that names the file (or the
/// option) and the reason, a non-zero exit, and nothing written.
struct ErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        /// Substrings the single error line must contain.
        let mentions: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "missing input", arguments: ["missing.png", "b.png", "-o", "out.mp4"], mentions: ["missing.png", "no such file"]),
        Case(name: "directory input", arguments: ["folder", "b.png", "-o", "out.mp4"], mentions: ["folder", "is a directory"]),
        Case(name: "empty file", arguments: ["empty.png", "b.png", "-o", "out.mp4"], mentions: ["empty.png", "empty"]),
        Case(name: "text named .png", arguments: ["a.png", "text.png", "-o", "out.mp4"], mentions: ["text.png", "not an image"]),
        Case(name: "truncated PNG", arguments: ["truncated.png", "b.png", "-o", "out.mp4"], mentions: ["truncated.png"]),
        Case(name: "unknown output extension", arguments: ["a.png", "b.png", "-o", "out.avi"], mentions: ["out.avi", ".mp4", ".webm"]),
        Case(name: "output directory missing", arguments: ["a.png", "b.png", "-o", "nowhere/out.mp4"], mentions: ["nowhere/out.mp4", "does not exist"]),
        Case(name: "output is an input", arguments: ["a.mp4", "b.png", "-o", "a.mp4"], mentions: ["a.mp4", "same file as input"]),
        Case(name: "still over its input", arguments: ["still", "a.png", "b.png", "--at", "0.5", "-o", "./b.png"], mentions: ["b.png", "same file as input"]),
        Case(name: "zero duration", arguments: ["a.png", "b.png", "-o", "out.mp4", "--duration", "0"], mentions: ["--duration"]),
        Case(name: "negative duration", arguments: ["a.png", "b.png", "-o", "out.mp4", "--duration", "-1"], mentions: ["--duration"]),
        Case(name: "zero fps", arguments: ["a.png", "b.png", "-o", "out.mp4", "--fps", "0"], mentions: ["--fps", "between 1 and 240"]),
        Case(name: "size not WxH", arguments: ["a.png", "b.png", "-o", "out.mp4", "--size", "1920by1080"], mentions: ["--size", "1920by1080"]),
        Case(name: "size with a zero", arguments: ["a.png", "b.png", "-o", "out.mp4", "--size", "0x100"], mentions: ["--size", "between"]),
        Case(name: "bad timing", arguments: ["a.png", "b.png", "-o", "out.mp4", "--timing", "cubic-bezier(2,0,1,1)"], mentions: ["--timing"]),
        Case(name: "bad colour", arguments: ["a.png", "b.png", "-o", "out.mp4", "--background", "purple-ish"], mentions: ["--background", "purple-ish"]),
        Case(name: "unknown transition", arguments: ["a.png", "b.png", "-o", "out.mp4", "--transition", "wobble"], mentions: ["wobble", "flip"]),
        Case(name: "still outside the transition", arguments: ["still", "a.png", "b.png", "--at", "2", "-o", "f.png"], mentions: ["--at", "between 0 and 1"]),
    ]

    @Test(arguments: cases)
    func failsCleanly(_ errorCase: Case) throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("folder"), withIntermediateDirectories: false)
        try workspace.write("empty.png", [])
        try workspace.write("text.png", Array("this is not a picture\n".utf8))
        let png = try Data(contentsOf: URL(fileURLWithPath: workspace.path("a.png")))
        try workspace.write("truncated.png", Array(png.prefix(png.count / 2)))
        try workspace.write("a.mp4", Array(png))
        let before = workspace.files

        let result = try workspace.run(errorCase.arguments)
        #expect(result.status != 0)
        #expect(result.errorLines.count == 1, "\(result.stderr)")
        for mention in errorCase.mentions {
            #expect(result.stderr.contains(mention), "'\(mention)' missing from: \(result.stderr)")
        }
        #expect(result.stdout.isEmpty)
        #expect(workspace.files == before, "files left behind: \(workspace.files.subtracting(before))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: workspace.path("a.mp4"))) == png)
    }

    @Test func failedRunLeavesAnExistingOutputUntouched() throws {
        let workspace = try Workspace()
        try workspace.write("out.mp4", Array("previous video".utf8))
        let result = try workspace.run("missing.png", "b.png", "-o", "out.mp4")
        #expect(result.status != 0)
        #expect(try String(contentsOfFile: workspace.path("out.mp4"), encoding: .utf8) == "previous video")
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func interruptedRunLeavesNothingBehind(signal: Int32, status: Int32) throws {
        let workspace = try Workspace()
        let process = try Fliptrans.start(["a.png", "b.png", "-o", "long.mp4", "--size", "640x480", "--duration", "60",
                                           "--preset", "veryslow"], in: workspace.url)
        // Wait until the encoder has its temporary file, so the signal lands mid-render.
        let deadline = Date().addingTimeInterval(20)
        while workspace.files.count < 3, Date() < deadline { usleep(20_000) }
        #expect(workspace.files.count == 3, "no temporary output appeared")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationStatus == status)
        #expect(workspace.files == ["a.png", "b.png"])
    }
}
