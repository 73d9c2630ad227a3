import FlipTransCore
import FlipTransMedia
import Foundation
import Testing

/// Every output format through the real command, read back by FFmpeg's programs, a GIF block
/// walker and libwebp: codec, tags, frame count, duration, alpha, loops and delays.
struct OutputFormatTests {
    struct Container: CustomTestStringConvertible, Sendable {
        let output: String
        let arguments: [String]
        let codec: String
        let tag: String?
        let pixelFormat: String
        var testDescription: String { "\(output) \(arguments.joined(separator: " "))" }
    }

    static let containers: [Container] = [
        Container(output: "out.mp4", arguments: [], codec: "h264", tag: "avc1", pixelFormat: "yuv420p"),
        Container(output: "out.mp4", arguments: ["--codec", "hevc", "--preset", "ultrafast", "--crf", "30"], codec: "hevc", tag: "hvc1", pixelFormat: "yuv420p"),
        Container(output: "out.mp4", arguments: ["--codec", "av1", "--preset", "12"], codec: "av1", tag: "av01", pixelFormat: "yuv420p"),
        Container(output: "out.webm", arguments: [], codec: "vp9", tag: nil, pixelFormat: "yuv420p"),
        Container(output: "out.webm", arguments: ["--codec", "av1", "--preset", "12", "--crf", "50"], codec: "av1", tag: nil, pixelFormat: "yuv420p"),
        Container(output: "out.mkv", arguments: [], codec: "h264", tag: nil, pixelFormat: "yuv420p"),
        Container(output: "out.mkv", arguments: ["--codec", "prores"], codec: "prores", tag: nil, pixelFormat: "yuv422p10le"),
        Container(output: "out.mov", arguments: [], codec: "prores", tag: "apch", pixelFormat: "yuv422p10le"),
        Container(output: "out.mov", arguments: ["--codec", "hevc"], codec: "hevc", tag: "hvc1", pixelFormat: "yuv420p"),
        Container(output: "clip.bin", arguments: ["--format", "mkv", "--codec", "vp9"], codec: "vp9", tag: nil, pixelFormat: "yuv420p"),
    ]

    @Test(arguments: containers)
    func eachCodecInEachContainer(_ container: Container) throws {
        let workspace = try Workspace()
        let result = try workspace.run(["a.png", "b.png", "-o", container.output, "--duration", "0.5", "--fps", "20"] + container.arguments)
        #expect(result.status == 0 && result.stderr.isEmpty && result.stdout.isEmpty, "\(result.stderr)")
        let video = try ProbedVideo(path: workspace.path(container.output))
        #expect(video.codec == container.codec && video.pixelFormat == container.pixelFormat)
        #expect(video.frames == 10 && abs(video.duration - 0.5) < 1e-3, "\(video.frames) frames, \(video.duration) s")
        #expect(video.colorSpace == "bt709" && video.colorRange == "tv")
        if let tag = container.tag {
            #expect(try DecodedOutput.probe(workspace.path(container.output), ["codec_tag_string"], in: workspace.url)["codec_tag_string"] == tag)
        }
        #expect(workspace.files == ["a.png", "b.png", container.output])
    }

    /// Every keyframe of an HEVC video is one a player may seek to: no frame after it in the file
    /// is shown before it. x265's open GOPs put such frames, which refer to the GOP before, after
    /// each keyframe but the first, and MP4 marked those keyframes as places to seek from.
    @Test func hevcKeyframesBeginClosedGroups() throws {
        let workspace = try Workspace()
        let result = try workspace.run(["slideshow", "a.png", "b.png", "-o", "long.mp4", "--codec", "hevc", "--size", "64x48", "--hold", "10", "--duration", "0.5"])
        #expect(result.status == 0, "\(result.stderr)")
        let packets = try String(decoding: ExternalTool.run("ffprobe", ["-v", "error", "-select_streams", "v", "-show_entries", "packet=pts,flags", "-of", "csv=p=0", "long.mp4"],
                                                            in: workspace.url), as: UTF8.self)
            .split(separator: "\n").map { $0.split(separator: ",") }.map { (pts: Int($0[0])!, key: $0[1].hasPrefix("K")) }
        let keyframes = packets.indices.filter { packets[$0].key }
        #expect(keyframes.count >= 3, "\(keyframes)")
        for keyframe in keyframes {
            let shownBefore = packets[keyframe...].filter { $0.pts < packets[keyframe].pts }
            #expect(shownBefore.isEmpty, "keyframe at packet \(keyframe) is followed by \(shownBefore.count) frames shown before it")
        }
    }

    /// The same job with the same threads writes the same bytes, in every container: Matroska
    /// and WebM wrote a random segment ID and the date, 16 bytes that differed from run to run.
    @Test(arguments: ["out.webm", "out.mkv", "out.mp4", "out.mov"])
    func theSameJobWritesTheSameBytes(output: String) throws {
        let workspace = try Workspace()
        var written: [Data] = []
        for run in 0..<2 {
            let name = "\(run)-\(output)"
            let result = try workspace.run(["a.png", "b.png", "-o", name, "--size", "64x48", "--duration", "0.2", "--threads", "2"])
            #expect(result.status == 0, "\(result.stderr)")
            written.append(try Data(contentsOf: URL(fileURLWithPath: workspace.path(name))))
        }
        #expect(written[0] == written[1])
    }

    @Test func pairsThatCannotWorkAreRefusedNamingOnesThatDo() throws {
        let workspace = try Workspace()
        let cases: [([String], String)] = [
            (["-o", "out.mp4", "--codec", "vp9"], "Error: --codec cannot be vp9 for MP4, which cannot hold VP9 (libvpx); write .webm or .mkv for it, or use --codec h264, --codec hevc or --codec av1 with .mp4"),
            (["-o", "out.webm", "--codec", "hevc"], "Error: --codec cannot be hevc for WebM, which cannot hold HEVC (x265); write .mp4 or .mkv or .mov for it, or use --codec vp9 or --codec av1 with .webm"),
            (["-o", "out.mov", "--codec", "av1"], "Error: --codec cannot be av1 for QuickTime (MOV), which cannot hold AV1 (SVT-AV1); write .mp4 or .webm or .mkv for it, or use --codec prores, --codec h264 or --codec hevc with .mov"),
            (["-o", "out.gif", "--codec", "h264"], "Error: --codec does not apply to GIF; it is for .mp4, .webm, .mkv, .mov"),
            (["-o", "out.mp4", "--codec", "hevc", "--crf", "52"], "Error: --crf must be between 0 and 51 for HEVC (x265), got 52"),
            (["-o", "out.webm", "--codec", "av1", "--preset", "14"], "Error: --preset must be a number from 0 (slowest, best) to 13 (fastest) for AV1 (SVT-AV1), got 14"),
            (["-o", "out.mov", "--preset", "fast"], "Error: --preset does not apply to ProRes (prores_ks); it is for H.264, HEVC and AV1"),
            (["-o", "out.mp4", "--lossless"], "Error: --lossless does not apply to MP4; it is for .webp"),
            // Only the codecs that take it, by default or when chosen: VP9 takes no preset, ProRes no crf.
            (["-o", "out.webp", "--preset", "fast"], "Error: --preset does not apply to animated WebP; it is for .mp4, .webm (with --codec av1), .mkv, .mov (with --codec h264 or hevc)"),
            (["-o", "out.gif", "--crf", "20"], "Error: --crf does not apply to GIF; it is for .mp4, .webm, .mkv, .mov (with --codec h264 or hevc)"),
            (["-o", "out.webp", "--gif-colors", "16"], "Error: --gif-colors does not apply to animated WebP; it is for .gif"),
            (["-o", "out.mp4", "--webp-quality", "90"], "Error: --webp-quality does not apply to MP4; it is for .webp"),
            (["-o", "out.webp", "--webp-quality", "101"], "Error: --webp-quality must be between 0 and 100, got 101"),
            (["-o", "out.webp", "--webp-quality", "90", "--lossless"], "Error: --webp-quality is for lossy WebP; --lossless keeps every pixel"),
            (["-o", "out.gif", "--gif-colors", "2"], "Error: --gif-colors must be between 4 and 256, got 2"),
            (["-o", "out.gif", "--loop-count", "70000"], "Error: --loop-count must be between 0 (forever) and 65535, got 70000"),
            // One picture is what `still` writes (SuggestionTests); a JPEG, which it does not, is a sequence without its pattern.
            (["-o", "frames.jpg"], "Error: frames.jpg: one picture is one frame: write it with 'fliptrans still a.png b.png --at 0.5 -o frames.jpg'; for every frame give a pattern such as 'frames/f%04d.jpg', or write .apng, .webp or .gif for one animated file"),
            (["-o", "f%d%d.png"], "Error: f%d%d.png: a sequence of images needs one frame-number pattern in its file name, such as 'frames/f%04d.png' (%d, or %04d for four digits), or write .apng, .webp or .gif for one animated file"),
            (["-o", "l%11d.png"], "Error: l%11d.png: a frame number is at most 10 digits wide (%010d), got %11d"),
            (["-o", "-", "--format", "mp4"], "Error: -: standard output takes --format webm, mkv, y4m or nut, got 'mp4'"),
            (["-o", "f%04d.webp"], "Error: f%04d.webp: an animated WebP is one file, not numbered frames; a frame-number pattern makes a sequence of .png or .jpg files"),
            // No such folder: it was called a directory all the same.
            (["-o", "shots/"], "Error: shots/: ends with '/', which names a folder; give a file's name"),
            (["-o", "small.mkv", "--codec", "av1", "--size", "96x48"], "Error: small.mkv: AV1 (SVT-AV1) needs a frame of at least 64x64, got 96x48; use --codec h264, hevc, vp9 or prores"),
            // x265 could not open these, and said only "Invalid data found when processing input".
            (["-o", "thin.mp4", "--codec", "hevc", "--size", "4218x16"],
             "Error: thin.mp4: HEVC (x265) cannot encode 4218x16: a side under 32 pixels and one over 4216 need blocks its levels do not allow together; use --codec h264 or another --size"),
            (["-o", "thin.mkv", "--codec", "hevc", "--size", "30x4224"],
             "Error: thin.mkv: HEVC (x265) cannot encode 30x4224: a side under 32 pixels and one over 4216 need blocks its levels do not allow together; use --codec h264 or another --size"),
            // Rates whose frames browsers would show for 100 ms.
            (["-o", "fast.gif", "--fps", "60"], "Error: --fps must be at most 50 for a GIF (its delays are whole centiseconds, and browsers slow delays under 2 cs to 10 cs), got 60"),
            (["-o", "fast.webp", "--fps", "96"], "Error: --fps must be at most 90 for an animated WebP (browsers slow frames of 10 ms or less to 100 ms), got 96"),
            (["-o", "fast.apng", "--fps", "100"], "Error: --fps must be at most 90 for an APNG (browsers slow frames of 10 ms or less to 100 ms), got 100"),
        ]
        for (arguments, line) in cases {
            let result = try workspace.run(["a.png", "b.png", "--duration", "0.2"] + arguments)
            #expect(result.status == 1 && result.errorLines == [line], "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(workspace.files == ["a.png", "b.png"])
    }

    /// The thin frames next to those HEVC refuses are encoded: the refusal is x265's own limit.
    @Test(arguments: ["4216x16", "4218x32"])
    func hevcEncodesThinFramesWithinItsLimits(size: String) throws {
        let workspace = try Workspace()
        let result = try workspace.run("a.png", "b.png", "-o", "thin.mp4", "--codec", "hevc", "--size", size, "--duration", "0.1", "--hold", "0")
        #expect(result.status == 0, "\(result.stderr)")
        let video = try ProbedVideo(path: workspace.path("thin.mp4"))
        #expect(video.codec == "hevc" && "\(video.width)x\(video.height)" == size)
    }

    @Test(arguments: ["out.mp4", "out.y4m", "f%03d.jpg"])
    func transparencyIsRefusedWhereTheFormatCannotKeepIt(output: String) throws {
        let workspace = try Workspace()
        let result = try workspace.run("missing.png", "b.png", "-o", output, "--background", "transparent")
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1 && result.errorLines[0].hasPrefix("Error: \(output): "), "\(result.stderr)")
        #expect(result.stderr.contains("cannot keep transparency (--background transparent or translucent); write .webm (VP9), .mov (ProRes 4444), .webp, .apng, .gif or a PNG sequence ('frames/f%04d.png'), or give an opaque --background"))
        #expect(workspace.files == ["a.png", "b.png"])
    }

    /// A transparent background at 30 % of a flip: the card has pulled back, so the frame's corner
    /// shows the background (transparent) and its centre the card (opaque).
    static let transparentFlip = ["a.png", "b.png", "--background", "transparent", "--duration", "1", "--fps", "10"]
    static let (turningFrame, corner, centre) = (3, (1, 1), (80, 60))

    @Test(arguments: [("t.webm", "libvpx-vp9", "yuv420p"), ("t.mov", nil, "yuva444p12le"), ("t.mkv", nil, "yuva444p12le"), ("t.apng", nil, "rgba"),
                      ("t.nut", nil, "yuva420p")] as [(String, String?, String)])
    func transparencyIsKept(output: String, decoder: String?, pixelFormat: String) throws {
        let workspace = try Workspace()
        let codec = output.hasSuffix(".mkv") ? ["--codec", "prores"] : []
        let result = try workspace.run(Self.transparentFlip + ["-o", output] + codec)
        #expect(result.status == 0, "\(result.stderr)")
        let probed = try DecodedOutput.probe(workspace.path(output), ["pix_fmt", "nb_read_frames"], in: workspace.url)
        #expect(probed["pix_fmt"] == pixelFormat && probed["nb_read_frames"] == "10")
        if output.hasSuffix(".webm") { #expect(probed["TAG:alpha_mode"] == "1") }
        let frame = try DecodedOutput.frame(Self.turningFrame, of: output, width: 160, decoder: decoder, in: workspace.url)
        #expect(frame(Self.corner.0, Self.corner.1)[3] <= 8, "corner \(frame(Self.corner.0, Self.corner.1))")
        #expect(frame(Self.centre.0, Self.centre.1)[3] >= 247, "centre \(frame(Self.centre.0, Self.centre.1))")
        let opaque = try DecodedOutput.frame(0, of: output, width: 160, decoder: decoder, in: workspace.url)
        #expect(opaque(Self.corner.0, Self.corner.1)[3] >= 247, "the first frame is the whole of A")
    }

    /// The colour a fully transparent pixel is stored with (exporters write green, black, white)
    /// stays out of the visible pixels beside it in 4:2:0 video with alpha: the first opaque
    /// column of an orange image whose left half is transparent green decoded as (211, 153, 2),
    /// not the (243, 136, 6) of the columns after it (swscale's chroma averaged in the green).
    @Test(arguments: ["t.nut", "t.webm"])
    func aTransparentPixelsColourStaysOutOfItsNeighbours(output: String) throws {
        let workspace = try Workspace()
        var bytes: [UInt8] = []
        for _ in 0..<120 {
            for x in 0..<160 { bytes += x < 80 ? [0, 255, 0, 0] : [255, 140, 0, 255] }
        }
        var image = Image(width: 160, height: 120, pixels: bytes)
        image.premultiplyKeepingStraight()
        try PNGWriter.write(image, to: workspace.path("logo.png"))
        let lossless = output.hasSuffix(".webm") ? ["--crf", "4"] : []
        let result = try workspace.run(["logo.png", "b.png", "-o", output, "--background", "transparent", "--duration", "0.2", "--fps", "10"] + lossless)
        #expect(result.status == 0, "\(result.stderr)")
        let first = try DecodedOutput.frame(0, of: output, width: 160, decoder: output.hasSuffix(".webm") ? "libvpx-vp9" : nil, in: workspace.url)
        for y in [20, 60] {
            let (edge, inside) = (first(80, y), first(90, y))
            #expect(zip(edge, inside).allSatisfy { abs(Int($0) - Int($1)) <= 3 }, "row \(y): \(edge) beside the transparent half, \(inside) inside")
        }
    }

    /// An image with transparent parts over the default black background, into an output that
    /// could have kept them: said once (a slideshow of logos is not told of each). Not where the
    /// background was given, the output cannot keep transparency, no image has any, or the fit
    /// crops it away (`wide.png`'s transparent columns, outside what `cover` keeps).
    @Test func transparencyTheDefaultBackgroundCoversIsSaidOnce() throws {
        let workspace = try Workspace()
        for (name, width, clear) in [("logo.png", 32, 0..<16), ("logo2.png", 32, 0..<16), ("wide.png", 64, 0..<8)] {
            var image = Image(width: width, height: 24, pixels: (0..<width * 24).flatMap { i in [255, 140, 0, clear.contains(i % width) ? 0 : 255] as [UInt8] })
            image.premultiplyKeepingStraight()
            try PNGWriter.write(image, to: workspace.path(name))
        }
        let note = "note: logo.png has transparent parts; the background (#000000) covers them, and --background transparent would keep them"
        let told = try workspace.run("logo.png", "b.png", "-o", "f%02d.png", "--duration", "0.2", "--fps", "10")
        #expect(told.status == 0 && told.stderr.split(separator: "\n").map(String.init) == [note], "\(told.stderr)")
        // Both logos are transparent: the first slide is named, once.
        let show = try workspace.run("slideshow", "logo.png", "logo2.png", "-o", "show.webm", "--fps", "10", "--hold", "0.2", "--duration", "0.2")
        #expect(show.status == 0 && show.stderr.split(separator: "\n").map(String.init) == [note], "\(show.stderr)")
        // A still at an end shows one image: only its transparency counts.
        let atEnd = try workspace.run("still", "b.png", "logo.png", "--at", "1", "-o", "end.png")
        #expect(atEnd.status == 0 && atEnd.stderr.split(separator: "\n").map(String.init) == [note], "\(atEnd.stderr)")
        for quiet in [["logo.png", "b.png", "-o", "g%02d.png", "--background", "#000000"], ["logo.png", "b.png", "-o", "out.mp4"],
                      ["a.png", "b.png", "-o", "h%02d.png"], ["wide.png", "b.png", "-o", "w%02d.png", "--fit", "cover", "--size", "32x24"],
                      ["still", "b.png", "logo.png", "--at", "0", "-o", "start.png"]] {
            let result = try workspace.run(quiet + (quiet[0] == "still" ? [] : ["--duration", "0.2", "--fps", "10"]))
            #expect(result.status == 0 && !result.stderr.contains("transparent parts"), "\(quiet): \(result.stderr)")
        }
    }

    /// A title slide's own transparent or translucent background is transparency the frame's
    /// covers too, and is said the same way, naming the slide; a show whose background is given is quiet.
    @Test func aTitleSlidesClearBackgroundTheDefaultCoversIsSaid() throws {
        let workspace = try Workspace()
        for (background, word) in [("transparent", "transparent"), ("'#00000080'", "translucent")] {
            try workspace.write("show.yaml", Array("slides:\n  - image: a.png\n  - title: Hello\n    background: \(background)\n".utf8))
            let told = try workspace.run("slideshow", "--spec", "show.yaml", "-o", "show.webm", "--fps", "10", "--hold", "0.2", "--duration", "0.2")
            #expect(told.status == 0 && told.stderr.split(separator: "\n").map(String.init)
                    == ["note: title slide 'Hello' has a \(word) background; the background (#000000) covers it, and --background transparent would keep it"],
                    "\(told.stderr)")
        }
        for quiet in [["--background", "navy"], ["--background", "transparent"]] {
            let result = try workspace.run(["slideshow", "--spec", "show.yaml", "-o", "quiet.webm", "--fps", "10", "--hold", "0.2", "--duration", "0.2"] + quiet)
            #expect(result.status == 0 && !result.stderr.contains("background;"), "\(quiet): \(result.stderr)")
        }
    }

    /// `%3d` is zero-padded as FFmpeg pads it; `--format jpeg` is the `.jpeg` extension's format,
    /// and `.m4v` is MP4.
    @Test func patternsAndNamesAsFFmpegTakesThem() throws {
        let workspace = try Workspace()
        let padded = try workspace.run("a.png", "b.png", "--duration", "0.2", "--fps", "10", "-o", "g%3d.png")
        #expect(padded.status == 0, "\(padded.stderr)")
        #expect(workspace.files == ["a.png", "b.png", "g001.png", "g002.png"])
        let named = try workspace.run("a.png", "b.png", "--duration", "0.2", "--fps", "10", "-o", "j%d.img", "--format", "jpeg")
        #expect(named.status == 0 && workspace.files.contains("j2.img"), "\(named.stderr)")
        let m4v = try workspace.run("a.png", "b.png", "--duration", "0.2", "--fps", "10", "-o", "clip.m4v")
        #expect(m4v.status == 0, "\(m4v.stderr)")
        #expect(try DecodedOutput.probe(workspace.path("clip.m4v"), ["codec_name"], in: workspace.url)["codec_name"] == "h264")
    }

    @Test func aPNGSequenceIsNumberedFromOneWithAlphaAndNothingElse() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("frames"), withIntermediateDirectories: false)
        let result = try workspace.run(Self.transparentFlip + ["-o", "frames/f%03d.png"])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: workspace.path("frames")).sorted()
        #expect(names == (1...10).map { String(format: "f%03d.png", $0) })
        let turning = try DecodedOutput.frame(0, of: "frames/f\(String(format: "%03d", Self.turningFrame + 1)).png", width: 160, in: workspace.url)
        #expect(turning(Self.corner.0, Self.corner.1)[3] == 0 && turning(Self.centre.0, Self.centre.1)[3] == 255)

        let jpegs = try workspace.run("a.png", "b.png", "--duration", "0.3", "-o", "frames/j%d.jpg")
        #expect(jpegs.status == 0, "\(jpegs.stderr)")
        let probed = try DecodedOutput.probe(workspace.path("frames/j3.jpg"), ["codec_name", "color_range"], in: workspace.url)
        #expect(probed["codec_name"] == "mjpeg" && probed["color_range"] == "pc")
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("frames")).filter { $0.hasPrefix("j") }.sorted()
                == (1...9).map { "j\($0).jpg" })
    }

    /// A folder in the place of any frame, not just the first, is found before any work: moving
    /// the frames into place would fail midway and leave old and new frames mixed.
    @Test func aFolderInTheWayOfALaterFrameIsFoundAtOnce() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("f0005.png"), withIntermediateDirectories: false)
        let result = try workspace.run("a.png", "b.png", "--duration", "0.5", "-o", "f%04d.png")
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: f0005.png: is a directory"])
        #expect(workspace.files == ["a.png", "b.png", "f0005.png"])
    }

    @Test func aSequenceNeverOverwritesAnInput() throws {
        let workspace = try Workspace()
        try FileManager.default.copyItem(atPath: workspace.path("a.png"), toPath: workspace.path("f0004.png"))
        let result = try workspace.run("f0004.png", "b.png", "--duration", "0.5", "-o", "f%04d.png")
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: f0004.png: output is the same file as input 'f0004.png'; refusing to overwrite an input"])
        #expect(workspace.files == ["a.png", "b.png", "f0004.png"])
    }

    @Test func aGIFLoopsForeverWithDelaysThatAddUpToTheClip() throws {
        let workspace = try Workspace()
        let result = try workspace.run("a.png", "b.png", "--duration", "1", "--fps", "30", "--hold", "0.5", "-o", "out.gif")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let gif = try DecodedOutput.GIF(path: workspace.path("out.gif"))
        #expect(gif.version == "GIF89a" && gif.loopCount == 0)
        #expect(gif.delays.reduce(0, +) == 200, "\(gif.delays)")
        // Frame i starts at round(i × 100 / 30) cs: 0, 3, 7, 10, … — delays of 3, 4, 3, …; each
        // hold is coded once, its first frame lasting 0.5 s: frame 0, and frame 45 to the end.
        let starts = (0...60).map { frame in Int((Double(frame) * 100 / 30).rounded()) }
        let coded = [0] + Array(15...45)
        #expect(gif.delays == coded.indices.map { index in starts[index + 1 < coded.count ? coded[index + 1] : 60] - starts[coded[index]] })
        let video = try ProbedVideo(path: workspace.path("out.gif"))
        #expect(video.codec == "gif" && video.frames == 32 && abs(video.duration - 2) < 1e-6)
    }

    /// The clip palette's colours of the last frame: palettegen's `diff` mode counts a frame's
    /// pixels only where the next one differs, so the last frame's never reached the palette and
    /// B's hold showed in the colours of the frames before it (black for a green B).
    @Test(arguments: [[], ["--gif-palette", "frame"]])
    func aGIFEndsOnBInItsOwnColours(extra: [String]) throws {
        let workspace = try Workspace()
        try workspace.write("blue.png", PNGBytes.rgb(width: 64, height: 36) { _, _ in [0, 0, 255] })
        try workspace.write("green.png", PNGBytes.rgb(width: 64, height: 36) { _, _ in [0, 128, 0] })
        let result = try workspace.run(["blue.png", "green.png", "-o", "out.gif", "--duration", "0.1", "--hold", "0.5"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        let frames = [UInt8](try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error", "-i", "out.gif", "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
                                                  in: workspace.url))
        let frameBytes = 64 * 36 * 4
        #expect(frames.count >= 2 * frameBytes && frames.count % frameBytes == 0)
        let first = frames.prefix(frameBytes), last = frames.suffix(frameBytes)
        #expect(stride(from: 0, to: frameBytes, by: 4).allSatisfy { Array(first[first.startIndex + $0..<first.startIndex + $0 + 4]) == [0, 0, 255, 255] })
        #expect(stride(from: 0, to: frameBytes, by: 4).allSatisfy { Array(last[last.startIndex + $0..<last.startIndex + $0 + 4]) == [0, 128, 0, 255] },
                "last frame starts \(Array(last.prefix(8)))")
    }

    /// A hold longer than a GIF delay can say (65535 cs) is coded again where it would pass it:
    /// coded once, it was cut to 655 s, and the clip's last hold to one second.
    @Test func aHoldLongerThanAGIFDelayKeepsItsLength() throws {
        let workspace = try Workspace()
        let result = try workspace.run("a.png", "b.png", "--duration", "2", "--fps", "1", "--hold", "700", "--size", "32x24", "-o", "long.gif")
        #expect(result.status == 0, "\(result.stderr)")
        let gif = try DecodedOutput.GIF(path: workspace.path("long.gif"))
        #expect(gif.delays.reduce(0, +) == 140_200 && gif.delays.allSatisfy { $0 <= 65535 } && gif.delays.count < 10, "\(gif.delays)")
    }

    @Test func loopCountSetsHowManyTimesAnAnimationPlays() throws {
        let workspace = try Workspace()
        for (count, loop) in [(1, nil), (3, 2)] as [(Int, Int?)] {
            #expect(try workspace.run("a.png", "b.png", "--duration", "0.2", "-o", "l\(count).gif", "--loop-count", "\(count)").status == 0)
            #expect(try DecodedOutput.GIF(path: workspace.path("l\(count).gif")).loopCount == loop)
        }
        #expect(try workspace.run("a.png", "b.png", "--duration", "0.2", "-o", "l.webp", "--loop-count", "3").status == 0)
        #expect(try DecodedOutput.WebP(path: workspace.path("l.webp")).loopCount == 3)
        #expect(try workspace.run("a.png", "b.png", "--duration", "0.2", "-o", "l.apng", "--loop-count", "2").status == 0)
        let apng = [UInt8](try Data(contentsOf: URL(fileURLWithPath: workspace.path("l.apng"))))
        let acTL = try #require((0..<apng.count - 4).first { apng[$0..<$0 + 4] == [0x61, 0x63, 0x54, 0x4C] })
        #expect(Array(apng[acTL + 4..<acTL + 12]) == [0, 0, 0, 6, 0, 0, 0, 2], "acTL: 6 frames, 2 plays")
    }

    @Test(arguments: [GIFCase(arguments: [], palettes: 1), GIFCase(arguments: ["--gif-palette", "frame", "--gif-dither", "bayer", "--gif-colors", "32"], palettes: 10)])
    func aTransparentGIFHasOneTransparentIndex(_ gifCase: GIFCase) throws {
        let workspace = try Workspace()
        let result = try workspace.run(Self.transparentFlip + ["-o", "t.gif"] + gifCase.arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let gif = try DecodedOutput.GIF(path: workspace.path("t.gif"))
        #expect(gif.delays == Array(repeating: 10, count: 10) && gif.transparentIndex.contains(true))
        let frame = try DecodedOutput.frame(Self.turningFrame, of: "t.gif", width: 160, in: workspace.url)
        #expect(frame(Self.corner.0, Self.corner.1)[3] == 0 && frame(Self.centre.0, Self.centre.1)[3] == 255)
    }

    struct GIFCase: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let palettes: Int
        var testDescription: String { arguments.isEmpty ? "defaults" : arguments.joined(separator: " ") }
    }

    @Test(arguments: [false, true])
    func anAnimatedWebPIsReadByLibwebp(lossless: Bool) throws {
        let workspace = try Workspace()
        let result = try workspace.run(Self.transparentFlip + ["-o", "t.webp"] + (lossless ? ["--lossless"] : []))
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let webp = try DecodedOutput.WebP(path: workspace.path("t.webp"))
        #expect(webp.width == 160 && webp.height == 120 && webp.loopCount == 0)
        #expect(webp.frames.count == 10 && webp.timestamps.last == 1000, "\(webp.timestamps)")
        #expect(webp.pixel(Self.turningFrame, Self.corner.0, Self.corner.1)[3] == 0)
        #expect(webp.pixel(Self.turningFrame, Self.centre.0, Self.centre.1)[3] == 255)
        let info = String(decoding: try ExternalTool.run("webpinfo", [workspace.path("t.webp")], in: workspace.url), as: UTF8.self)
        #expect(info.contains("Animation: 1") && info.contains("Alpha: 1"))
        #expect(info.contains("Chunk VP8L") == lossless && info.contains("Chunk VP8 ") == !lossless)
        // The canvas's own colour is transparent too, not libwebp's opaque white.
        #expect(info.contains("Background color:(ARGB) 00 00 00 00"), "\(info)")
    }

    /// A lossy WebP ends on B at its quality: coded as changes from the frame before, libwebp kept
    /// the last traces of the card's fading shade on B's hold (28 dB against the truth, where B
    /// coded alone scores 46). Each frame starts at its rounded millisecond and the clip's end
    /// is kept: 1.6 s, not 1.599.
    @Test func aLossyWebPEndsOnB() throws {
        let workspace = try Workspace()
        for (index, sample) in ["02-mandelbrot", "01-sunset"].enumerated() {
            try ExternalTool.ffmpeg(["-i", ReleasePackage.repository.appendingPathComponent("Samples/\(sample).png").path, "-vf", "scale=320:180",
                                     "s\(index).png"], in: workspace.url)
        }
        let clip = ["s0.png", "s1.png", "--duration", "1", "--hold", "0.3", "--fps", "30"]
        #expect(try workspace.run(clip + ["-o", "clip.webp"]).status == 0)
        #expect(try workspace.run(["still", "s0.png", "s1.png", "--at", "1", "-o", "b.png"]).status == 0)
        let webp = try DecodedOutput.WebP(path: workspace.path("clip.webp"))
        #expect(webp.timestamps.last == 1600, "\(webp.timestamps)")
        let truth = try ImageDecoder.decode(contentsOf: workspace.path("b.png"))
        var squares = 0.0
        for y in 0..<180 {
            for x in 0..<320 {
                let pixel = webp.pixel(webp.frames.count - 1, x, y), expected = truth.pixel(x: x, y: y)
                for (got, want) in zip(pixel.prefix(3), [expected.r, expected.g, expected.b]) { squares += pow(Double(got) - Double(want), 2) }
            }
        }
        let psnr = 10 * log10(255 * 255 / (squares / Double(320 * 180 * 3)))
        #expect(psnr > 38, "the last frame against B: \(psnr) dB")
    }

    /// A shorter sequence over a longer one's frames leaves the rest, as documented, and says so:
    /// a player reading the pattern would play them after the new ones, silently.
    @Test func framesOfALongerRunLeftBehindAreNamed() throws {
        let workspace = try Workspace()
        #expect(try workspace.run("a.png", "b.png", "-o", "f%02d.png", "--duration", "0.4", "--fps", "10").status == 0)
        try workspace.write("f07.png.txt", Array("not a frame".utf8))
        let shorter = try workspace.run("a.png", "b.png", "-o", "f%02d.png", "--duration", "0.2", "--fps", "10")
        #expect(shorter.status == 0)
        #expect(shorter.errorLines == ["warning: f%02d.png: 2 frames of an earlier, longer run remain after this run's 2 (f03.png … f04.png); a player reading the pattern plays them too"])
        #expect(workspace.files.isSuperset(of: ["f01.png", "f02.png", "f03.png", "f04.png"]))

        // Over the bar, the warning (after its last report) clears the bar's line and ends it:
        // no empty line follows.
        let overBar = try workspace.run("a.png", "b.png", "-o", "f%02d.png", "--duration", "0.2", "--fps", "10", "--progress", "bar")
        #expect(overBar.status == 0)
        #expect(overBar.stderr.hasPrefix("\r[###"))
        #expect(overBar.stderr.hasSuffix(" ETA 0 s \r\u{1B}[K" + shorter.stderr), "\(overBar.stderr.debugDescription)")
    }

    /// A lossy WebP's quality is the user's: higher, closer to the frames and larger.
    @Test func webpQualityTradesSizeForFidelity() throws {
        let workspace = try Workspace()
        var sizes: [Int] = [], errors: [Double] = []
        for quality in [20, 95] {
            let result = try workspace.run("a.png", "b.png", "--duration", "0.2", "-o", "q\(quality).webp", "--webp-quality", "\(quality)")
            #expect(result.status == 0, "\(result.stderr)")
            sizes.append(try FileManager.default.attributesOfItem(atPath: workspace.path("q\(quality).webp"))[.size] as! Int)
            // The first frame is image A.
            let webp = try DecodedOutput.WebP(path: workspace.path("q\(quality).webp"))
            let a = try ImageDecoder.decode(contentsOf: workspace.path("a.png"))
            var total = 0
            for y in 0..<a.height {
                for x in 0..<a.width { total += abs(Int(webp.pixel(0, x, y)[1]) - Int(a.pixels[(y * a.width + x) * 4 + 1])) }
            }
            errors.append(Double(total) / Double(a.width * a.height))
        }
        #expect(sizes[1] > sizes[0] && errors[1] < errors[0], "sizes \(sizes), mean green errors \(errors)")
    }

    @Test func theStreamOnStdoutIsY4MWithColourTagsAndNothingElse() throws {
        let workspace = try Workspace()
        let result = try Fliptrans.runShell(#""$FLIPTRANS" a.png b.png --duration 0.5 --fps 20 -o - --progress json > out.y4m"#, in: workspace.url)
        #expect(result.status == 0)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: workspace.path("out.y4m"))))
        let header = String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
        #expect(header == "YUV4MPEG2 W160 H120 F20:1 Ip A1:1 C420mpeg2 XYSCSS=420MPEG2 XCOLORRANGE=LIMITED")
        let frameSize = "FRAME\n".utf8.count + 160 * 120 * 3 / 2
        #expect(bytes.count == header.utf8.count + 1 + 10 * frameSize)
        // JSON progress went to stderr instead, one object per line.
        #expect(result.errorLines.count >= 1 && result.errorLines.allSatisfy { $0.hasPrefix("{\"frame\":") }, "\(result.stderr)")
        #expect(result.errorLines.last?.hasPrefix("{\"frame\":10,\"total\":10,") == true)

        let nut = try Fliptrans.runShell(#""$FLIPTRANS" a.png b.png --duration 0.5 --fps 20 -o - --format nut | ffprobe -v error -count_frames -show_entries stream=codec_name,nb_read_frames -of csv=p=0 -"#, in: workspace.url)
        #expect(nut.status == 0 && nut.stdout == "rawvideo,10\n", "\(nut.stdout) \(nut.stderr)")
        let webm = try Fliptrans.runShell(#""$FLIPTRANS" a.png b.png --duration 0.5 --fps 20 -o - --format webm | ffprobe -v error -count_frames -show_entries stream=codec_name,nb_read_frames -of csv=p=0 -"#, in: workspace.url)
        #expect(webm.status == 0 && webm.stdout == "vp9,10\n", "\(webm.stdout) \(webm.stderr)")
        #expect(workspace.files == ["a.png", "b.png", "out.y4m"])
    }

    @Test func specsAndJobFilesTakeTheSameKeys() throws {
        let workspace = try Workspace()
        let line = #"{"images": ["a.png", "b.png"], "output": "job.gif", "duration": 0.2, "gif-palette": "frame", "gif-dither": "bayer", "gif-colors": 64, "loop-count": 2}"#
        try workspace.write("jobs.jsonl", Array((line + "\n" + #"{"images": ["a.png", "b.png"], "output": "job.mp4", "duration": 0.2, "codec": "hevc"}"#).utf8))
        let result = try workspace.run("batch", "jobs.jsonl")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try DecodedOutput.GIF(path: workspace.path("job.gif")).loopCount == 1)
        #expect(try ProbedVideo(path: workspace.path("job.mp4")).codec == "hevc")

        try workspace.write("show.yaml", Array("slides: [{image: a.png}, {image: b.png}]\nhold: 0.1\nduration: 0.2\noutput: show.webp\nlossless: true\n".utf8))
        let show = try workspace.run("slideshow", "--spec", "show.yaml")
        #expect(show.status == 0, "\(show.stderr)")
        let info = String(decoding: try ExternalTool.run("webpinfo", [workspace.path("show.webp")], in: workspace.url), as: UTF8.self)
        #expect(info.contains("Chunk VP8L"))
    }
}
