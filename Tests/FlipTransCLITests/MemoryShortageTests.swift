import Foundation
import Testing

/// Running out of memory, through the real command under a lowered address-space limit
/// (`ulimit -v`): one line naming the picture and the file, exit status 1, nothing written.
struct MemoryShortageTests {
    /// The limit is found here rather than fixed, as what the program needs to start differs
    /// between builds and machines: the lowest multiple of 64 MiB under which a small still
    /// renders. Anything it needs on top of that fails, and an 8192×8192 frame alone is 256 MiB.
    static let limit: Int? = {
        guard let workspace = try? Workspace() else { return nil }
        for mebibytes in stride(from: 256, through: 4096, by: 64) {
            let small = try? run(["still", "a.png", "b.png", "--at", "0.3", "-o", "small.png"], in: workspace, limit: mebibytes * 1024)
            if small?.status == 0 { return mebibytes * 1024 }
        }
        return nil
    }()

    /// Runs fliptrans with at most `limit` KiB of address space. A run that hangs is killed after
    /// 20 seconds: just above what loading the libraries takes, libdispatch cannot start its
    /// threads and waits for ever, deaf to SIGTERM.
    static func run(_ arguments: [String], in workspace: Workspace, limit: Int) throws -> CommandResult {
        try Fliptrans.run(arguments, in: workspace.url,
                          via: ["/usr/bin/timeout", "-s", "KILL", "20", "/bin/sh", "-c", "ulimit -v \(limit); exec \"$0\" \"$@\""])
    }

    func expectRefusal(_ arguments: [String], says line: String) throws {
        let limit = try #require(Self.limit, "no limit under which a small still renders")
        let workspace = try Workspace()
        try workspace.write("huge.png", PNGHeader.claiming(width: 8192, height: 8192))
        try workspace.write("out.mp4", Array("previous video".utf8))
        let before = workspace.files
        let result = try Self.run(arguments, in: workspace, limit: limit)
        #expect(result.status == 1)
        #expect(result.errorLines == [line])
        #expect(result.stdout.isEmpty)
        #expect(workspace.files == before, "files left behind: \(workspace.files.subtracting(before))")
        #expect(try String(contentsOfFile: workspace.path("out.mp4"), encoding: .utf8) == "previous video")
    }

    @Test func aStillTooLargeForMemory() throws {
        try expectRefusal(["still", "a.png", "b.png", "--at", "0.3", "--size", "8192x8192", "-o", "frame.png"],
                          says: "Error: frame.png: not enough memory for a 8192x8192 frame")
    }

    @Test func aVideoTooLargeForMemory() throws {
        try expectRefusal(["a.png", "b.png", "--size", "8192x8192", "-o", "out.mp4"],
                          says: "Error: out.mp4: not enough memory for a 8192x8192 frame")
    }

    /// An input image the decoder has no memory for (a PNG declaring 8192×8192, within the pixel
    /// limit) is named, in a small frame.
    @Test func anImageTooLargeForMemory() throws {
        try expectRefusal(["still", "huge.png", "b.png", "--at", "0", "--size", "64x64", "-o", "frame.png"],
                          says: "Error: huge.png: not enough memory for a 8192x8192 image")
    }
}
