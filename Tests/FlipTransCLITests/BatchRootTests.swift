import Foundation
import Testing

/// `batch --root DIR`: a job may read and write only inside DIR, however its paths get out —
/// `..`, an absolute path, a symbolic link to a file or a folder outside, a spec that names an
/// image outside, music outside. Each such line is refused with one line naming the path, before any job runs,
/// and nothing is written.
struct BatchRootTests {
    @Test func jobsAreConfinedToTheRoot() throws {
        let workspace = try Workspace()
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: workspace.path("root"), withIntermediateDirectories: false)
        for image in ["a.png", "b.png"] { try fileManager.copyItem(atPath: workspace.path(image), toPath: workspace.path("root/" + image)) }
        try fileManager.createSymbolicLink(atPath: workspace.path("root/link.png"), withDestinationPath: "../a.png")
        try fileManager.createSymbolicLink(atPath: workspace.path("root/up"), withDestinationPath: "..")
        try workspace.write("root/show.yaml", Array("slides: [a.png, ../b.png]\n".utf8))
        let outsideImage = workspace.path("a.png")
        func job(_ images: [String], _ output: String) -> String {
            #"{"images": [\#(images.map { "\"\($0)\"" }.joined(separator: ", "))], "output": "\#(output)", "duration": 0.2, "fps": 10}"#
        }
        let lines = [
            job(["root/a.png", "root/b.png"], "root/inside.mp4"),
            job(["root/a.png", "root/../b.png"], "root/x2.mp4"),
            job(["root/a.png", outsideImage], "root/x3.mp4"),
            job(["root/a.png", "root/link.png"], "root/x4.mp4"),
            job(["root/a.png", "root/b.png"], "x5.mp4"),
            job(["root/a.png", "root/b.png"], "root/up/x6.mp4"),
            #"{"spec": "root/show.yaml", "output": "root/x7.mp4", "duration": 0.2, "fps": 10}"#,
            #"{"spec": "show.yaml", "output": "root/x8.mp4"}"#,
            #"{"slides": ["root/a.png", "root/b.png"], "audio": "root/../a.png", "output": "root/x9.mp4"}"#,
        ]
        try workspace.write("show.yaml", Array("slides: [root/a.png]\n".utf8))
        try workspace.write("jobs.jsonl", Array(lines.joined(separator: "\n").utf8))
        let before = workspace.files
        let result = try workspace.run("batch", "jobs.jsonl", "--root", "root", "--quiet")
        #expect(result.status == 2)
        #expect(result.errorLines == [
            "Error: jobs.jsonl: line 2: 'root/../b.png' is outside --root root",
            "Error: jobs.jsonl: line 3: '\(outsideImage)' is outside --root root",
            "Error: jobs.jsonl: line 4: 'root/link.png' is outside --root root",
            "Error: jobs.jsonl: line 5: 'x5.mp4' is outside --root root",
            "Error: jobs.jsonl: line 6: 'root/up/x6.mp4' is outside --root root",
            "Error: jobs.jsonl: line 7: root/show.yaml: slide 2: 'root/../b.png' is outside --root root",
            "Error: jobs.jsonl: line 8: 'show.yaml' is outside --root root",
            "Error: jobs.jsonl: line 9: 'root/../a.png' is outside --root root",
            "batch: 8 bad job lines; nothing rendered",
        ])
        #expect(workspace.files == before)
        #expect(Set(try fileManager.contentsOfDirectory(atPath: workspace.path("root"))) == ["a.png", "b.png", "link.png", "up", "show.yaml"])
        // The good line alone renders, inside the root.
        try workspace.write("good.jsonl", Array(lines[0].utf8))
        #expect(try workspace.run("batch", "good.jsonl", "--root", "root", "--quiet").status == 0)
        #expect(fileManager.fileExists(atPath: workspace.path("root/inside.mp4")))
    }

    /// What a job names outside the root is refused before it is opened: music that fitting the
    /// show to it decoded (the errors told a folder, a device, a missing file and a song's length
    /// apart), a photo read for its date (a FIFO hung the plan), a folder's link opened to see
    /// whether it was an animation (which rendered). Music that is a playlist, which read any
    /// file it named, is refused as such; music beside a spec is the job file's, as the spec is.
    @Test func nothingOutsideIsOpenedBeforeItIsRefused() throws {
        let workspace = try Workspace()
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: workspace.path("root/folder"), withIntermediateDirectories: true)
        try fileManager.createDirectory(atPath: workspace.path("root/specs"), withIntermediateDirectories: true)
        for image in ["a.png", "b.png", "folder/a.png"] { try fileManager.copyItem(atPath: workspace.path(String(image.split(separator: "/").last!)), toPath: workspace.path("root/" + image)) }
        try ExternalTool.ffmpeg(["-f", "lavfi", "-i", "testsrc=size=64x48:rate=5", "-frames:v", "3", "anim.gif"], in: workspace.url)
        try fileManager.createSymbolicLink(atPath: workspace.path("root/folder/anim.gif"), withDestinationPath: "../../anim.gif")
        #expect(mkfifo(workspace.path("fifo.jpg"), 0o600) == 0)
        try ExternalTool.ffmpeg(["-f", "lavfi", "-i", "sine=duration=1", "tone.wav"], in: workspace.url)
        try ExternalTool.ffmpeg(["-f", "lavfi", "-i", "sine=duration=1", "root/music.wav"], in: workspace.url)
        try workspace.write("root/list.mp3", Array("#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:1,\n\(workspace.path("tone.wav"))\n#EXT-X-ENDLIST\n".utf8))
        try workspace.write("root/specs/show.yaml", Array("slides: [../a.png, ../b.png]\nhold: 0.2\nduration: 0.2\nfps: 10\n".utf8))
        try workspace.write("root/jobs.jsonl", Array([
            #"{"slides": ["a.png", "b.png"], "output": "one.mp4", "audio": "/etc", "fit-to-audio": true}"#,
            #"{"slides": ["../fifo.jpg", "a.png"], "output": "two.mp4", "order": "date"}"#,
            #"{"slides": ["folder"], "output": "three.mp4"}"#,
            #"{"slides": ["a.png", "b.png"], "output": "four.mp4", "audio": "list.mp3", "fit-to-audio": true}"#,
        ].joined(separator: "\n").utf8))
        let refused = try workspace.run("batch", "root/jobs.jsonl", "--root", "root")
        #expect(refused.status == 2)
        #expect(refused.errorLines == [
            "Error: root/jobs.jsonl: line 1: '/etc' is outside --root root",
            "Error: root/jobs.jsonl: line 2: slide 1: 'root/../fifo.jpg' is outside --root root",
            "Error: root/jobs.jsonl: line 3: slide 1: 'root/folder/anim.gif' is outside --root root",
            "Error: root/jobs.jsonl: line 4: root/list.mp3: a playlist, which names other files to read; give the music file itself",
            "batch: 4 bad job lines; nothing rendered",
        ])
        try workspace.write("root/spec.jsonl", Array(#"{"spec": "specs/show.yaml", "output": "five.mp4", "audio": "music.wav"}"#.utf8))
        let beside = try workspace.run("batch", "root/spec.jsonl", "--root", "root", "--quiet")
        #expect(beside.status == 0, "\(beside.stderr)")
        #expect(try ProbedStreams(path: workspace.path("root/five.mp4")).codecs == ["h264", "aac"])
    }

    /// A spec's glob matches only files inside the root: one matching a file outside said so by
    /// name, which told a job's author that the file exists.
    @Test func aGlobMatchesOnlyInsideTheRoot() throws {
        let workspace = try Workspace()
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: workspace.path("root/sub"), withIntermediateDirectories: true)
        for image in ["sub/a.png", "b.png"] { try fileManager.copyItem(atPath: workspace.path("a.png"), toPath: workspace.path("root/" + image)) }
        try fileManager.createSymbolicLink(atPath: workspace.path("root/up"), withDestinationPath: "..")
        try workspace.write("root/inside.yaml", Array("slides: [\"*/a.png\", b.png]\nhold: 0.1\n".utf8))
        try workspace.write("root/outside.yaml", Array("slides: [\"../*.png\", b.png]\n".utf8))
        // Slides written in the line are held alike, and a folder outside is not listed.
        try FileManager.default.createDirectory(atPath: workspace.path("outside"), withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: workspace.path("a.png"), toPath: workspace.path("outside/secret.png"))
        try workspace.write("jobs.jsonl", Array([#"{"spec": "root/inside.yaml", "output": "root/one.mp4"}"#,
                                                 #"{"spec": "root/outside.yaml", "output": "root/two.mp4"}"#,
                                                 #"{"slides": ["root/b.png", "*.png"], "output": "root/three.mp4"}"#,
                                                 #"{"slides": ["root/b.png", "outside"], "output": "root/four.mp4"}"#].joined(separator: "\n").utf8))
        let result = try workspace.run("batch", "jobs.jsonl", "--root", "root", "--check", "--quiet")
        #expect(result.status == 2)
        #expect(result.errorLines == ["Error: jobs.jsonl: line 2: root/outside.yaml: slide 1: 'root/../*.png' matches no file inside --root root",
                                      "Error: jobs.jsonl: line 3: slide 2: '*.png' matches no file inside --root root",
                                      "Error: jobs.jsonl: line 4: slide 2: 'outside' is outside --root root",
                                      "batch: 3 bad job lines; nothing rendered"], "\(result.stderr)")
        // `*/a.png` matched root/sub/a.png, and root/up/a.png outside, which is left out.
        try workspace.write("inside.jsonl", Array(#"{"spec": "root/inside.yaml", "output": "root/one.mp4"}"#.utf8))
        let inside = try workspace.run("batch", "inside.jsonl", "--root", "root", "--quiet")
        #expect(inside.status == 0, "\(inside.stderr)")
        #expect(fileManager.fileExists(atPath: workspace.path("root/one.mp4")))
    }

    @Test func aRootThatIsNoFolderIsRefused() throws {
        let workspace = try Workspace()
        try workspace.write("jobs.jsonl", Array(#"{"images": ["a.png", "b.png"], "output": "x.mp4"}"#.utf8))
        let result = try workspace.run("batch", "jobs.jsonl", "--root", "nowhere")
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: --root nowhere: no such folder"])
        #expect(!workspace.files.contains("x.mp4"))
    }

    /// `batch --max-pixels N` is every job's limit on its images, which a line may lower, not
    /// raise: a line from others asked for 1,000,000,000 and decoded a 16-bit 16000x16000 PNG
    /// in 6 GB.
    @Test func theBatchsMaxPixelsIsEveryJobsCeiling() throws {
        let workspace = try Workspace()
        func job(_ output: String, _ extra: String = "") -> String {
            #"{"images": ["a.png", "b.png"], "output": "\#(output)", "duration": 0.2, "fps": 10\#(extra)}"#
        }
        try workspace.write("jobs.jsonl", Array([job("one.mp4", #", "max-pixels": 1000000000"#), job("two.mp4")].joined(separator: "\n").utf8))
        let raising = try workspace.run("batch", "jobs.jsonl", "--max-pixels", "20000")
        #expect(raising.status == 2)
        #expect(raising.errorLines == ["Error: jobs.jsonl: line 1: key 'max-pixels' may be at most the batch's --max-pixels, 20000, got 1000000000",
                                       "batch: 1 bad job line; nothing rendered"])
        // The images are 160x120 = 19200 pixels: within 20000, over 19000, for jobs without their own limit.
        try workspace.write("jobs.jsonl", Array([job("one.mp4", #", "max-pixels": 19000"#), job("two.mp4")].joined(separator: "\n").utf8))
        let lowered = try workspace.run("batch", "jobs.jsonl", "--max-pixels", "20000", "-j", "1")
        #expect(lowered.status == 1)
        #expect(lowered.errorLines.first?.hasPrefix("failed: jobs.jsonl: line 1: a.png: image is 160x120 = 19200 pixels, over the limit of 19000 pixels") == true, "\(lowered.stderr)")
        #expect(lowered.errorLines.dropFirst().first == "done: two.mp4")
        // A spec's own lower limit stays.
        try workspace.write("small.yaml", Array("slides: [a.png, b.png]\nmax-pixels: 1000\nhold: 0.1\n".utf8))
        try workspace.write("spec.jsonl", Array(#"{"spec": "small.yaml", "output": "three.mp4"}"#.utf8))
        let spec = try workspace.run("batch", "spec.jsonl", "--max-pixels", "100000", "--check")
        #expect(spec.status == 1 && spec.errorLines.first?.contains("over the limit of 1000 pixels") == true, "\(spec.stderr)")
        // A spec's own higher limit is refused, as a line's is, even where it is the default's.
        try workspace.write("large.yaml", Array("slides: [a.png, b.png]\nmax-pixels: 100000000\nhold: 0.1\n".utf8))
        try workspace.write("large.jsonl", Array(#"{"spec": "large.yaml", "output": "four.mp4"}"#.utf8))
        let large = try workspace.run("batch", "large.jsonl", "--max-pixels", "100000")
        #expect(large.status == 2 && large.errorLines.first == "Error: large.jsonl: line 1: large.yaml: key 'max-pixels' may be at most the batch's --max-pixels, 100000, got 100000000", "\(large.stderr)")
        let ceiling = try workspace.run("batch", "jobs.jsonl", "--max-pixels", "19100", "-j", "1")
        #expect(ceiling.errorLines.dropFirst().first?.hasPrefix("failed: jobs.jsonl: line 2: a.png: image is 160x120 = 19200 pixels, over the limit of 19100 pixels") == true, "\(ceiling.stderr)")
        // A limit under one pixel is named as the line's key (it was named as an option), and as the batch's option.
        try workspace.write("zero.jsonl", Array(job("four.mp4", #", "max-pixels": 0"#).utf8))
        #expect(try workspace.run("batch", "zero.jsonl").errorLines.first == "Error: zero.jsonl: line 1: key 'max-pixels' must be 1 or more, got 0")
        let zero = try workspace.run("batch", "jobs.jsonl", "--max-pixels", "0")
        #expect(zero.status == 1 && zero.errorLines == ["Error: --max-pixels must be 1 or more, got 0"])
    }
}
