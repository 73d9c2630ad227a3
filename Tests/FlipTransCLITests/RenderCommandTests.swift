import FlipTransCore
import FlipTransMedia
import Foundation
import Testing

struct RenderCommandTests {
    @Test func rendersAnMP4WithExactFramesAndDuration() throws {
        let workspace = try Workspace()
        let result = try workspace.run("a.png", "b.png", "-o", "out.mp4")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let video = try ProbedVideo(path: workspace.path("out.mp4"))
        #expect(video.codec == "h264" && video.pixelFormat == "yuv420p")
        #expect(video.width == 160 && video.height == 120)
        #expect(video.frames == 30)
        #expect(abs(video.duration - 1.0) < 1e-3)
        #expect(video.colorSpace == "bt709" && video.colorRange == "tv")
        #expect(workspace.files == ["a.png", "b.png", "out.mp4"])
    }

    @Test func holdsAddStillFramesAtBothEnds() throws {
        let workspace = try Workspace()
        let result = try workspace.run("a.png", "b.png", "-o", "out.webm", "--fps", "10", "--duration", "1.2", "--hold", "0.5",
                                       "--direction", "up", "--timing", "linear")
        #expect(result.status == 0, "\(result.stderr)")
        let video = try ProbedVideo(path: workspace.path("out.webm"))
        #expect(video.codec == "vp9")
        #expect(video.frames == 12 + 2 * 5)
        #expect(abs(video.duration - 2.2) < 1e-3)
    }

    /// Two values give A's hold and B's apart; three, or a missing one, are refused.
    @Test func holdsBeforeAndAfterMayDiffer() throws {
        let workspace = try Workspace()
        let result = try workspace.run("a.png", "b.png", "-o", "out.mp4", "--fps", "10", "--duration", "1.2", "--hold", "0.2,1")
        #expect(result.status == 0, "\(result.stderr)")
        let video = try ProbedVideo(path: workspace.path("out.mp4"))
        #expect(video.frames == 2 + 12 + 10)
        #expect(abs(video.duration - 2.4) < 1e-3)
        for (value, message) in [("0.2,1,3", "Error: The value '0.2,1,3' is invalid for '--hold <seconds[,seconds]>': it takes seconds, or two numbers of seconds apart by a comma ('0.5,2')"),
                                 ("0.2,", "Error: The value '0.2,' is invalid for '--hold <seconds[,seconds]>': it takes seconds, or two numbers of seconds apart by a comma ('0.5,2')"),
                                 ("0.2,4000", "Error: --hold must be between 0 and 3600 seconds, got 4000")] {
            let refused = try workspace.run("a.png", "b.png", "-o", "refused.mp4", "--hold", value)
            #expect(refused.status != 0 && refused.errorLines.first == message)
        }
        #expect(workspace.files == ["a.png", "b.png", "out.mp4"])
    }

    @Test func sizeAndFitApplyToTheVideo() throws {
        let workspace = try Workspace()
        let result = try workspace.run("a.png", "b.png", "-o", "wide.mp4", "--size", "321x100", "--fit", "cover",
                                       "--duration", "0.2", "--background", "#1e1e1e")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.errorLines == ["warning: frame size 321x100 rounded down to 320x100: even sides are needed for H.264, HEVC or AV1 video"])
        let video = try ProbedVideo(path: workspace.path("wide.mp4"))
        #expect(video.width == 320 && video.height == 100 && video.frames == 6)
    }

    @Test func aFirstImageWiderThanTheLargestFrameIsScaledDown() throws {
        let workspace = try Workspace()
        try PNGWriter.write(Image(width: 8200, height: 50, filledWith: .white), to: workspace.path("wide.png"))
        let result = try workspace.run("wide.png", "b.png", "-o", "out.mp4", "--duration", "0.1")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.errorLines == [
            "warning: the frame is 8192x49, not the size of the first image (wide.png, 8200x50), as sides may be at most 8192 (or give --size)",
            "warning: frame size 8192x49 rounded down to 8192x48: even sides are needed for H.264, HEVC or AV1 video",
            // 512 macroblocks across: more than level 4.2 allows on a side.
            "warning: out.mp4: 8192x48 at 30 fps needs H.264 level 5.1, which many TVs, older phones and browsers cannot play; 1920x1080 or smaller at up to 60 fps (level 4.2) plays everywhere",
        ])
        let video = try ProbedVideo(path: workspace.path("out.mp4"))
        #expect(video.width == 8192 && video.height == 48 && video.frames == 3)
    }

    @Test func aFirstImageSmallerThanTheSmallestFrameIsEnlargedWithAWarning() throws {
        let workspace = try Workspace()
        try PNGWriter.write(Image(width: 1, height: 1, filledWith: .white), to: workspace.path("dot.png"))
        let result = try workspace.run("dot.png", "b.png", "-o", "out.mp4", "--duration", "0.1")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.errorLines == ["warning: the frame is 16x16, not the size of the first image (dot.png, 1x1), as sides must be at least 16 (or give --size)"])
        let video = try ProbedVideo(path: workspace.path("out.mp4"))
        #expect(video.width == 16 && video.height == 16)
    }

    /// Formats of RGB pictures (a still, GIF, APNG, WebP, PNG frames) and JPEG frames, whose
    /// colour is at full resolution, keep an odd size; it was rounded down with "video needs even sides".
    @Test(arguments: ["out.gif", "out.apng", "out.webp", "f%02d.png", "f%02d.jpg", "still"])
    func rgbFormatsKeepAnOddSize(output: String) throws {
        let workspace = try Workspace()
        let arguments = output == "still" ? ["still", "a.png", "b.png", "--at", "0.5", "-o", "still.png"] : ["a.png", "b.png", "-o", output, "--duration", "0.2"]
        let result = try workspace.run(arguments + ["--size", "101x61"])
        #expect(result.status == 0 && result.errorLines.isEmpty, "\(result.stderr)")
        let first = output == "still" ? "still.png" : output.hasPrefix("f%02d") ? output.replacingOccurrences(of: "%02d", with: "01") : output
        // Our own decoder: ffmpeg's cannot read an animated WebP.
        let frame = try ImageDecoder.decode(contentsOf: workspace.path(first))
        #expect(frame.width == 101 && frame.height == 61)
        if output.hasSuffix(".jpg") {
            let format = try ExternalTool.run("ffprobe", ["-v", "error", "-show_entries", "stream=pix_fmt", "-of", "csv=p=0", first], in: workspace.url)
            #expect(String(decoding: format, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "yuvj444p")
        }
    }

    @Test func quietSilencesWarnings() throws {
        let workspace = try Workspace()
        let result = try workspace.run("a.png", "b.png", "-o", "out.mp4", "--size", "101x100", "--duration", "0.1", "--quiet")
        #expect(result.status == 0 && result.stderr.isEmpty)
    }

    @Test func statsBreakDownTheTime() throws {
        let workspace = try Workspace()
        let result = try workspace.run("a.png", "b.png", "-o", "out.mp4", "--duration", "0.2", "--stats")
        #expect(result.status == 0)
        let line = try #require(result.errorLines.last)
        for stage in ["frames 6", "decode", "render", "waited for images", "waited for frames", "convert", "encode", "total", "build portable"] {
            #expect(line.contains(stage), "\(line)")
        }
    }

    @Test func versionAndHelp() throws {
        let workspace = try Workspace()
        let version = try workspace.run("--version")
        #expect(version.status == 0 && version.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0.1.0")
        let help = try workspace.run("--help")
        #expect(help.status == 0 && help.stdout.contains("fliptrans still a.png b.png --at 0.3 -o frame.png"))
    }
}
