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
    /// 20 seconds: libdispatch, unable to start a thread, waits for ever, deaf to SIGTERM (as it
    /// did at start-up, just above what loading the libraries takes, while it took the signals).
    /// Two threads and two malloc arenas whatever the machine: each thread reserves a stack and
    /// may reserve a 64 MiB arena, so on a machine of many cores the address space the small still
    /// needs would grow past what the large picture lacks, and the large one would get further
    /// (to the encoder, whose own out-of-memory error says less) before failing.
    static func run(_ arguments: [String], in workspace: Workspace, limit: Int) throws -> CommandResult {
        try Fliptrans.run(arguments + ["--threads", "2"], in: workspace.url,
                          via: ["/usr/bin/timeout", "-s", "KILL", "20", "/bin/sh", "-c", "ulimit -v \(limit); exec \"$0\" \"$@\""],
                          environment: ["MALLOC_ARENA_MAX": "2"])
    }

    func expectRefusal(_ arguments: [String], says line: String, in workspace: Workspace? = nil) throws {
        let limit = try #require(Self.limit, "no limit under which a small still renders")
        let workspace = try workspace ?? Workspace()
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

    /// An animated WebP whose canvas (8192×8192, its frames 16×16) libwebp would allocate twice
    /// over before saying only that it failed: found short beforehand, and named.
    @Test func anAnimatedWebPTooLargeForMemory() throws {
        let workspace = try Workspace()
        // Two different frames, or libwebp writes a still WebP.
        try ExternalTool.ffmpeg(["-f", "lavfi", "-t", "0.5", "-i", "color=red:size=16x16:rate=2", "-f", "lavfi", "-t", "0.5", "-i", "color=blue:size=16x16:rate=2",
                                 "-filter_complex", "[0:v]format=rgb24[a];[1:v]format=rgb24[b];[a][b]concat=n=2:v=1",
                                 "-c:v", "libwebp_anim", "-lossless", "1", "small.webp"], in: workspace.url)
        var webp = Array(try Data(contentsOf: URL(fileURLWithPath: workspace.path("small.webp"))))
        try #require(Array(webp[12..<16]) == Array("VP8X".utf8) && webp[20] & 0x02 != 0, "an animated WebP")
        // The VP8X header's canvas width and height, less one, in 24 bits each.
        webp.replaceSubrange(24..<30, with: [0xFF, 0x1F, 0x00, 0xFF, 0x1F, 0x00])
        try workspace.write("huge.webp", webp)
        try expectRefusal(["still", "huge.webp", "b.png", "--at", "0", "--size", "64x64", "-o", "frame.png"],
                          says: "Error: huge.webp: not enough memory for a 8192x8192 image", in: workspace)
    }

    /// An input image the decoder has no memory for (a PNG declaring 8192×8192, within the pixel
    /// limit) is named, in a small frame.
    @Test func anImageTooLargeForMemory() throws {
        try expectRefusal(["still", "huge.png", "b.png", "--at", "0", "--size", "64x64", "-o", "frame.png"],
                          says: "Error: huge.png: not enough memory for a 8192x8192 image")
    }
}
