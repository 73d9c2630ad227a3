import Foundation
import Testing

/// `batch` for programs: JSON events on stdout, a report file, exit statuses that say what
/// happened, job files from pipes, folders made for outputs, slideshows written in job lines.
struct BatchAutomationTests {
    static func jobLine(_ output: String, first: String = "a.png", extra: String = "") -> String {
        #"{"images": ["\#(first)", "b.png"], "output": "\#(output)", "duration": 0.2, "fps": 10\#(extra)}"#
    }

    /// Writes `lines` as jobs.jsonl and expects the batch, and its `--check`, to refuse them with
    /// `errors` (exit status 2), writing and changing nothing.
    static func expectRefused(_ lines: [String], in workspace: Workspace, errors: [String]) throws {
        try workspace.write("jobs.jsonl", Array(lines.joined(separator: "\n").utf8))
        let before = try workspace.snapshot()
        for arguments in [["batch", "jobs.jsonl"], ["batch", "jobs.jsonl", "--check"]] {
            let result = try workspace.run(arguments)
            #expect(result.status == 2)
            #expect(result.errorLines == errors)
            #expect(try workspace.snapshot() == before)
        }
    }

    static func objects(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    @Test func progressJSONTellsEachJobsStartProgressAndEnd() throws {
        let workspace = try Workspace()
        // Cut short: found by its job (a missing image is found before any job runs).
        try workspace.write("broken.png", Array(try Data(contentsOf: URL(fileURLWithPath: workspace.path("a.png"))).prefix(200)))
        try workspace.write("jobs.jsonl", Array([Self.jobLine("one.mp4", extra: #", "id": "job-one""#), "# comment",
                                                 Self.jobLine("two.mp4", first: "broken.png")].joined(separator: "\n").utf8))
        let result = try workspace.run("batch", "jobs.jsonl", "--progress", "json", "-j", "1", "--report", "report.jsonl")
        #expect(result.status == 1)
        let events = try Self.objects(result.stdout)
        let kinds = events.map { $0["event"] as? String }
        #expect(kinds.first == "start" && kinds.last == "summary")
        let one = events.filter { $0["line"] as? Int == 1 }
        #expect(one.allSatisfy { $0["id"] as? String == "job-one" && $0["output"] as? String == "one.mp4" })
        #expect(one.map { $0["event"] as! String }.first == "start" && one.last?["event"] as? String == "end")
        let progress = one.filter { $0["event"] as? String == "progress" }
        #expect(!progress.isEmpty && progress.last?["frame"] as? Int == 2 && progress.allSatisfy { $0["total"] as? Int == 2 })
        let endOne = try #require(one.last)
        #expect(endOne["status"] as? String == "done" && endOne["frames"] as? Int == 2 && endOne["error"] == nil)
        #expect((endOne["seconds"] as? Double).map { $0 > 0 } == true)
        let endTwo = try #require(events.first { $0["line"] as? Int == 3 && $0["event"] as? String == "end" })
        #expect(endTwo["status"] as? String == "failed")
        #expect(endTwo["error"] as? String == "jobs.jsonl: line 3: broken.png: damaged image data (the file ends before the picture does)")
        #expect(endTwo["id"] == nil && endTwo["frames"] == nil)
        let summary = try #require(events.last)
        #expect([summary["done"], summary["failed"], summary["skipped"]].map { $0 as? Int } == [1, 1, 0])
        // The report holds each job's end, the same objects.
        let report = try Self.objects(try String(contentsOfFile: workspace.path("report.jsonl"), encoding: .utf8))
        #expect(report.map { $0["line"] as? Int } == [1, 3])
        #expect(report.map { $0["status"] as? String } == ["done", "failed"])
        // Lines for people stay on stderr.
        #expect(result.errorLines == ["done: one.mp4", "failed: jobs.jsonl: line 3: broken.png: damaged image data (the file ends before the picture does)",
                                      "batch: 1 done, 1 failed, 0 skipped"])
    }

    /// What a look at the file system finds wrong with a job — an image missing, an output
    /// folder that cannot be made — is said before any job runs, and the job does not run: it
    /// was found at the job's turn, after every job before it (hours, in a long batch). Its
    /// `end` event has no `start`, as a skipped job's.
    @Test func whatTheFileSystemShowsIsFoundBeforeAnyJobRuns() throws {
        let workspace = try Workspace()
        try workspace.write("file", [1])
        try workspace.write("jobs.jsonl", Array([Self.jobLine("one.mp4"), Self.jobLine("two.mp4", first: "missing.png"),
                                                 Self.jobLine("file/three.mp4")].joined(separator: "\n").utf8))
        let result = try workspace.run("batch", "jobs.jsonl", "-j", "1", "--progress", "json")
        #expect(result.status == 1)
        #expect(result.errorLines == ["failed: jobs.jsonl: line 2: missing.png: no such file",
                                      "failed: jobs.jsonl: line 3: file/three.mp4: 'file' is not a directory",
                                      "done: one.mp4", "batch: 1 done, 2 failed, 0 skipped"])
        let events = try Self.objects(result.stdout).map { "\($0["event"] ?? "") \($0["line"] ?? "")" }
        #expect(events.filter { !$0.hasPrefix("progress") } == ["end 2", "end 3", "start 1", "end 1", "summary "])
        #expect(try ProbedVideo(path: workspace.path("one.mp4")).frames == 2)
    }

    /// Two jobs at a time give exactly the files one at a time gives (each job's threads fixed,
    /// as the encoder's output depends on its thread count): the same bytes, WebM's too. `-j2`
    /// is `-j 2`, as `make -j2` is.
    @Test func parallelJobsWriteTheSameFilesAsOneAtATime() throws {
        let workspace = try Workspace()
        let lines = (0..<20).map { index in
            Self.jobLine("out\(index % 2)/video\(index).\(index % 3 == 0 ? "webm" : "mp4")", first: index % 2 == 0 ? "a.png" : "b.png",
                         extra: #", "transition": "\#(["flip", "page", "fold", "clock"][index % 4])", "crf": \#(20 + index)"#)
        }
        try workspace.write("jobs.jsonl", Array(lines.joined(separator: "\n").utf8))
        var outputs: [[String: Data]] = []
        for atOnce in [["-j", "1"], ["-j2"]] {
            let result = try workspace.run(["batch", "jobs.jsonl"] + atOnce + ["--threads", "1", "--quiet"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.errorLines == ["batch: 20 done, 0 failed, 0 skipped"])
            var files: [String: Data] = [:]
            for folder in ["out0", "out1"] {
                for name in try FileManager.default.contentsOfDirectory(atPath: workspace.path(folder)) {
                    let path = workspace.path(folder + "/" + name)
                    files[folder + "/" + name] = try Data(contentsOf: URL(fileURLWithPath: path))
                }
            }
            #expect(files.count == 20)
            outputs.append(files)
            try FileManager.default.removeItem(atPath: workspace.path("out0"))
            try FileManager.default.removeItem(atPath: workspace.path("out1"))
        }
        #expect(outputs[0] == outputs[1])
    }

    /// A worker writes each job's video byte for byte as the job's own process does, whatever
    /// jobs it ran before. libx264 reads memory it never wrote when the height is not a multiple
    /// of 16, so H.264 jobs after others in one worker came out different from run to run (three
    /// results in six runs of these nine jobs, the fresh process's in about one of three) until
    /// workers filled new memory with zeros (`DeterministicHeap`).
    @Test func aReusedWorkerWritesWhatAFreshProcessWrites() throws {
        let workspace = try Workspace()
        let kinds = [("mp4", "flip"), ("webm", "flip"), ("mkv", "page"), ("mp4", "fold"), ("webm", "page"), ("mkv", "flip"),
                     ("mp4", "page"), ("webm", "fold"), ("mkv", "fold")]
        let images = { (index: Int) in index % 2 == 0 ? ["a.png", "b.png"] : ["b.png", "a.png"] }
        let lines = kinds.enumerated().map { index, kind in
            #"{"images": ["\#(images(index)[0])", "\#(images(index)[1])"], "output": "out/\#(index).\#(kind.0)", "#
                + #""size": "320x180", "duration": 0.5, "transition": "\#(kind.1)"}"#
        }
        try workspace.write("jobs.jsonl", Array(lines.joined(separator: "\n").utf8))
        var alone: [String: Data] = [:]
        for (index, kind) in kinds.enumerated() {
            let name = "\(index).\(kind.0)"
            let result = try workspace.run(images(index) + ["-o", name, "--size", "320x180", "--duration", "0.5", "--transition", kind.1, "--threads", "1"])
            #expect(result.status == 0, "\(result.stderr)")
            alone[name] = try Data(contentsOf: URL(fileURLWithPath: workspace.path(name)))
        }
        for run in 1...2 {
            let result = try workspace.run("batch", "jobs.jsonl", "-j", "1", "--threads", "1", "-q")
            #expect(result.status == 0, "\(result.stderr)")
            let differing = try alone.keys.sorted().filter { try Data(contentsOf: URL(fileURLWithPath: workspace.path("out/" + $0))) != alone[$0] }
            #expect(differing == [], "run \(run): outputs that differ from the job's own process's")
            try FileManager.default.removeItem(atPath: workspace.path("out"))
        }
    }

    /// Two jobs do run at once with -j 2: a short one starts and ends while a long one runs (the
    /// batch is then stopped). `start` comes as a worker takes its job, so two short jobs could
    /// each start and end before the other's worker has started.
    @Test func jobsRunAtOnce() throws {
        let workspace = try Workspace()
        let long = #"{"images": ["a.png", "b.png"], "output": "long.mp4", "size": "640x480", "duration": 60, "preset": "veryslow"}"#
        try workspace.write("jobs.jsonl", Array([long, Self.jobLine("two.mp4")].joined(separator: "\n").utf8))
        let process = try Fliptrans.start(["batch", "jobs.jsonl", "-j", "2", "--progress", "json", "--report", "report.jsonl"], in: workspace.url)
        let stdout = (process.standardOutput as! Pipe).fileHandleForReading
        // Read until the short job's `end` and the long job's `start` (which a loaded machine may
        // print later: `start` comes when a worker process has taken the job).
        var text = ""
        while true {
            let data = stdout.availableData
            guard !data.isEmpty else { break }
            text += String(decoding: data, as: UTF8.self)
            // Whole lines only: the last may still be coming.
            let whole = try Self.objects(String(text[..<(text.lastIndex(of: "\n") ?? text.startIndex)]))
            func seen(_ event: String, _ line: Int) -> Bool {
                whole.contains { $0["event"] as? String == event && $0["line"] as? Int == line }
            }
            if seen("end", 2), seen("start", 1) { break }
        }
        kill(process.processIdentifier, SIGTERM)
        text += String(decoding: stdout.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        let events = try Self.objects(text).filter { $0["event"] as? String != "progress" }.map { "\($0["event"]!) \($0["line"] ?? "")" }
        // The second job ended while the first, earlier in the file, was still running (and
        // ended, stopped, with the batch).
        #expect(events.contains("start 1"))
        #expect(events.filter { $0 != "start 1" } == ["start 2", "end 2", "end 1", "summary "])
        #expect(try ProbedVideo(path: workspace.path("two.mp4")).frames == 2)
    }

    /// `-`, a pipe and `/dev/stdin`: relative paths start at the current folder, or at --base-dir.
    @Test func jobsFromStandardInputStartAtTheCurrentFolderOrBaseDir() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("images"), withIntermediateDirectories: false)
        for name in ["a.png", "b.png"] { try FileManager.default.copyItem(atPath: workspace.path(name), toPath: workspace.path("images/" + name)) }
        let here = try Fliptrans.runShell(#"echo '\#(Self.jobLine("piped.mp4"))' | "$FLIPTRANS" batch - --quiet"#, in: workspace.url)
        #expect(here.status == 0, "\(here.stderr)")
        #expect(try ProbedVideo(path: workspace.path("piped.mp4")).frames == 2)
        let based = try Fliptrans.runShell(#""$FLIPTRANS" batch - --base-dir images --quiet < <(echo '\#(Self.jobLine("based.mp4"))')"#,
                                           in: workspace.url)
        #expect(based.status == 0, "\(based.stderr)")
        #expect(try ProbedVideo(path: workspace.path("images/based.mp4")).frames == 2)
        // A file given by its descriptor's name: its paths started at /dev ("/dev/a.png: no such file").
        try workspace.write("named.jsonl", Array(Self.jobLine("named.mp4").utf8))
        let named = try Fliptrans.runShell(#""$FLIPTRANS" batch /dev/stdin --quiet < named.jsonl"#, in: workspace.url)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(try ProbedVideo(path: workspace.path("named.mp4")).frames == 2)
        // A real file under /dev (tmpfs) is no descriptor's name: its paths start at its folder.
        let shm = "/dev/shm/fliptrans-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: shm, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: shm) }
        for name in ["a.png", "b.png"] { try FileManager.default.copyItem(atPath: workspace.path(name), toPath: shm + "/" + name) }
        try Data(Self.jobLine("shm.mp4").utf8).write(to: URL(fileURLWithPath: shm + "/jobs.jsonl"))
        let onTmpfs = try workspace.run("batch", shm + "/jobs.jsonl", "--quiet")
        #expect(onTmpfs.status == 0, "\(onTmpfs.stderr)")
        #expect(try ProbedVideo(path: shm + "/shm.mp4").frames == 2)
        let bad = try Fliptrans.runShell(#"echo '{"id": 1}' | "$FLIPTRANS" batch -"#, in: workspace.url)
        #expect(bad.status == 2)
        #expect(bad.errorLines == [#"Error: stdin: line 1: no "output" path"#, "batch: 1 bad job line; nothing rendered"])
    }

    @Test func missingOutputFoldersAreMade() throws {
        let workspace = try Workspace()
        try workspace.write("jobs.jsonl", Array(Self.jobLine("deep/er/one.mp4").utf8))
        let result = try workspace.run("batch", "jobs.jsonl", "--quiet")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try ProbedVideo(path: workspace.path("deep/er/one.mp4")).frames == 2)
        // A file where a folder must go: the job fails with the reason.
        try workspace.write("file", [1])
        try workspace.write("jobs2.jsonl", Array(Self.jobLine("file/one.mp4").utf8))
        let blocked = try workspace.run("batch", "jobs2.jsonl", "--quiet")
        #expect(blocked.status == 1)
        #expect(blocked.errorLines.first == "failed: jobs2.jsonl: line 1: file/one.mp4: 'file' is not a directory")
        // `--check` finds it too where the folders are still to be made (it called such a line ready).
        try workspace.write("jobs5.jsonl", Array(Self.jobLine("file/new/one.mp4").utf8))
        let checked = try workspace.run("batch", "jobs5.jsonl", "--check")
        #expect(checked.status == 1)
        #expect(checked.errorLines == ["failed: jobs5.jsonl: line 1: file/new/one.mp4: 'file' is not a directory", "batch --check: 0 ready, 1 would fail"])
        // A link to nothing, which `mkdir -p` takes for a folder there.
        try FileManager.default.createSymbolicLink(atPath: workspace.path("dangling"), withDestinationPath: "nowhere")
        try workspace.write("jobs6.jsonl", Array(Self.jobLine("dangling/new/one.mp4").utf8))
        let linked = try workspace.run("batch", "jobs6.jsonl", "--check")
        #expect(linked.errorLines.first == "failed: jobs6.jsonl: line 1: dangling/new/one.mp4: 'dangling' is a symbolic link to a folder that does not exist")
        // The folders a failed job made go as the batch ends; one another job wrote into stays.
        try workspace.write("broken.png", Array(try Data(contentsOf: URL(fileURLWithPath: workspace.path("a.png"))).prefix(200)))
        try workspace.write("jobs3.jsonl", Array([Self.jobLine("gone/deeper/one.mp4", first: "broken.png"), Self.jobLine("kept/two.mp4"),
                                                  Self.jobLine("kept/empty/three.mp4", first: "broken.png")].joined(separator: "\n").utf8))
        let failing = try workspace.run("batch", "jobs3.jsonl", "--quiet", "-j", "2")
        #expect(failing.status == 1)
        #expect(failing.errorLines.contains("failed: jobs3.jsonl: line 1: broken.png: damaged image data (the file ends before the picture does)"))
        #expect(!workspace.files.contains("gone"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("kept")) == ["two.mp4"])
        // A folder there before the batch stays, even named through one the job made (`x/..`).
        try FileManager.default.createDirectory(atPath: workspace.path("renders"), withIntermediateDirectories: false)
        try workspace.write("jobs4.jsonl", Array(Self.jobLine("x/../renders/one.mp4", first: "broken.png").utf8))
        let through = try workspace.run("batch", "jobs4.jsonl", "--quiet")
        #expect(through.status == 1)
        #expect(workspace.files.contains("renders"))
    }

    /// Every bad line is named before any job runs, and nothing is rendered: exit status 2.
    @Test func badLinesAndCollidingOutputsRenderNothing() throws {
        let workspace = try Workspace()
        let lines = [
            Self.jobLine("one.mp4"),
            "not json",
            Self.jobLine("one.mp4"),
            Self.jobLine("four.mp4", first: "one.mp4"),
            Self.jobLine("two.mp4"),
            Self.jobLine("three.mp4", extra: #", "shadow": 9"#),
            #"{"slides": ["a.png", {"image": "b.png", "tranistion": "fold"}], "output": "four.mp4"}"#,
            #"{"images": ["a.png", "b.png"], "output": 5}"#,
            #"{"spec": ["show.yaml"], "output": "five.mp4"}"#,
            #"{"images": ["a.png", "b.png"], "output": "six.mp4", "transition": "page", "pullback": 0.9}"#,
            // Found when the job ran, after the jobs before it.
            #"{"slides": ["a.png", "b.png"], "output": "seven.mp4", "threads": 0}"#,
            // So were what a GIF refuses that the frame's size has no part in.
            #"{"images": ["a.png", "b.png"], "output": "fast.gif", "fps": 60}"#,
            #"{"slides": ["a.png", "b.png"], "output": "loud.gif", "audio": "music.wav"}"#,
        ]
        try Self.expectRefused(lines, in: workspace, errors: [
            "Error: jobs.jsonl: line 1: output 'one.mp4' is an input of line 4; refusing to overwrite an input",
            "Error: jobs.jsonl: line 2: not a JSON object (invalid value at column 2)",
            "Error: jobs.jsonl: line 3: output 'one.mp4' is also the output of line 1",
            "Error: jobs.jsonl: line 6: key 'shadow' must be between 0 and 4, got 9",
            "Error: jobs.jsonl: line 7: slide 2: unknown key 'tranistion'. Did you mean 'transition'?",
            "Error: jobs.jsonl: line 8: key 'output' must be a path (text)",
            "Error: jobs.jsonl: line 9: key 'spec' must be a path (text)",
            // Worded as the file's keys, not as options.
            "Error: jobs.jsonl: line 10: key 'pullback' is an option of flip, not of page; leave it out or choose 'transition: flip'",
            "Error: jobs.jsonl: line 11: key 'threads' must be between 1 and 1024, got 0",
            "Error: jobs.jsonl: line 12: key 'fps' must be at most 50 for a GIF (its delays are whole centiseconds, and browsers slow delays under 2 cs to 10 cs), got 60",
            "Error: jobs.jsonl: line 13: loud.gif: an animated GIF cannot hold sound; --audio needs .mp4, .webm, .mkv or .mov",
            "batch: 11 bad job lines; nothing rendered",
        ])
    }

    /// What the output checks against the frame's size is checked too: AV1 under 64 pixels; and
    /// every frame of a sequence, as the job will.
    @Test func checkKnowsWhatTheFrameSizeRefuses() throws {
        let workspace = try Workspace()
        let lines = [Self.jobLine("small.mp4", extra: #", "codec": "av1", "size": "48x48""#),
                     Self.jobLine("f%d.png")]
        try workspace.write("jobs.jsonl", Array(lines.joined(separator: "\n").utf8))
        // A folder in the way of the sequence's second frame.
        try FileManager.default.createDirectory(atPath: workspace.path("f2.png"), withIntermediateDirectories: false)
        for arguments in [["batch", "jobs.jsonl", "--check"], ["batch", "jobs.jsonl"]] {
            let result = try workspace.run(arguments)
            #expect(result.status == 1)
            #expect(Array(result.errorLines.prefix(2)).sorted() == [
                "failed: jobs.jsonl: line 1: small.mp4: AV1 (SVT-AV1) needs a frame of at least 64x64, got 48x48; use --codec h264 or hevc",
                "failed: jobs.jsonl: line 2: f2.png: is a directory",
            ])
            #expect(workspace.files == ["a.png", "b.png", "f2.png", "jobs.jsonl"])
        }
    }

    /// A sequence's frames and a job's music count too: a frame another job reads, or music another
    /// job writes, is refused before anything runs; so are two outputs that name one file through
    /// a folder the batch would make (`new/..`), which both rendered, one over the other, and an
    /// output inside a folder that is another job's output.
    @Test func framesAndMusicCollideAcrossJobs() throws {
        let workspace = try Workspace()
        try ExternalTool.ffmpeg(["-f", "lavfi", "-i", "sine=duration=1", "music.mp4"], in: workspace.url)
        try workspace.write("f1.png", Array(try Data(contentsOf: URL(fileURLWithPath: workspace.path("a.png")))))
        let lines = [
            Self.jobLine("one.mp4", first: "f1.png"),
            Self.jobLine("f%d.png"),
            #"{"slides": ["a.png", "b.png"], "output": "show.mp4", "audio": "music.mp4", "hold": 0.1, "duration": 0.2, "fps": 10}"#,
            Self.jobLine("music.mp4"),
            Self.jobLine("out/x.mp4"),
            Self.jobLine("new/../out/x.mp4"),
            Self.jobLine("out/x.mp4/y.mp4"),
        ]
        try Self.expectRefused(lines, in: workspace, errors: [
            "Error: jobs.jsonl: line 2: output 'f%d.png' (frame 'f1.png') is an input of line 1; refusing to overwrite an input",
            "Error: jobs.jsonl: line 4: output 'music.mp4' is an input of line 3; refusing to overwrite an input",
            "Error: jobs.jsonl: line 6: output 'new/../out/x.mp4' is also the output of line 5",
            // Either that job or line 5's would fail, whichever ran second.
            "Error: jobs.jsonl: line 7: output 'out/x.mp4/y.mp4' goes into a folder that is the output of line 5",
            "batch: 4 bad job lines; nothing rendered",
        ])
    }

    /// Sequences are compared by their patterns, never frame by frame in memory: two in one folder
    /// sharing a frame are refused at the first frame they share, through a folder named two ways
    /// too, and an hour at 240 fps (864,000 frames) of each of five jobs is planned in the memory
    /// of a small batch (it took a gigabyte: every frame's name was held).
    @Test func sequencesCollideByTheirPatterns() throws {
        let workspace = try Workspace()
        let lines = [#"{"images": ["a.png", "b.png"], "output": "seq/f%d.png", "duration": 1.2, "fps": 10}"#,
                     #"{"images": ["a.png", "b.png"], "output": "seq/f%02d.png", "duration": 1.2, "fps": 10}"#,
                     Self.jobLine("seq/../seq/f%d.png"), Self.jobLine("seq/g%d.png"), Self.jobLine("seq/g2.png.mp4")]
        try Self.expectRefused(lines, in: workspace, errors: [
            "Error: jobs.jsonl: line 2: output 'seq/f%02d.png' (frame 'seq/f10.png') is also the output of line 1",
            "Error: jobs.jsonl: line 3: output 'seq/../seq/f%d.png' (frame 'seq/../seq/f1.png') is also the output of line 1",
            "batch: 2 bad job lines; nothing rendered",
        ])

        // Frame 0 is none of a sequence's (they start at 1); names are bytes (a composed and a
        // decomposed "é" make two sequences); other prefixes share nothing; the same name in two
        // widths shares from the first number as wide as the wider.
        try workspace.write("f0.png", Array(try Data(contentsOf: URL(fileURLWithPath: workspace.path("a.png")))))
        let apart = [#"{"images": ["a.png", "b.png"], "output": "f%d.png", "fps": 10}"#, Self.jobLine("one.mp4", first: "f0.png"),
                     Self.jobLine("v/caf\u{E9}%d.png"), Self.jobLine("v/cafe\u{301}%d.png"),
                     Self.jobLine("w/cam0_%03d.png"), Self.jobLine("w/cam1_%03d.png")]
        try workspace.write("apart.jsonl", Array(apart.joined(separator: "\n").utf8))
        let check = try workspace.run("batch", "apart.jsonl", "--check", "-q")
        #expect(check.status == 0, "\(check.stderr)")
        // Prefixes that nest (`f` and `f1`) share names too, whichever comes first.
        let widths = [#"{"images": ["a.png", "b.png"], "output": "x/f%d.png", "duration": 12, "fps": 10}"#,
                      #"{"images": ["a.png", "b.png"], "output": "x/f%03d.png", "duration": 12, "fps": 10}"#,
                      #"{"images": ["a.png", "b.png"], "output": "n/f%d.png", "duration": 2, "fps": 10}"#,
                      #"{"images": ["a.png", "b.png"], "output": "n/f1%d.png"}"#,
                      #"{"images": ["a.png", "b.png"], "output": "m/f1%d.png"}"#,
                      #"{"images": ["a.png", "b.png"], "output": "m/f%d.png", "duration": 2, "fps": 10}"#]
        try workspace.write("widths.jsonl", Array(widths.joined(separator: "\n").utf8))
        #expect(try workspace.run("batch", "widths.jsonl", "--check").errorLines
                == ["Error: widths.jsonl: line 2: output 'x/f%03d.png' (frame 'x/f100.png') is also the output of line 1",
                    "Error: widths.jsonl: line 4: output 'n/f1%d.png' (frame 'n/f11.png') is also the output of line 3",
                    "Error: widths.jsonl: line 6: output 'm/f%d.png' (frame 'm/f11.png') is also the output of line 5",
                    "batch: 3 bad job lines; nothing rendered"])

        let hour = (0..<5).map { #"{"images": ["a.png", "b.png"], "output": "long\#($0)/f%06d.png", "duration": 3600, "fps": 240}"# }
        try workspace.write("hour.jsonl", Array(hour.joined(separator: "\n").utf8))
        let measured = try JSONDecoder().decode(MetadataLimitTests.MeasuredRun.self, from: try ExternalTool.run(
            "python3", ["-c", MetadataLimitTests.runMeasured, String(1 << 40), Fliptrans.executable.path, "batch", "hour.jsonl", "--check", "-q"],
            in: workspace.url))
        #expect(measured.status == 0, "\(measured.stderr)")
        #expect(measured.peak < 200 << 10, "peak memory \(measured.peak) KiB")
    }

    /// Names are compared as the file system compares them, byte for byte: a composed and a
    /// decomposed "é" are two files on Linux, and were refused as one.
    @Test func namesThatLookAlikeAreTwoOutputs() throws {
        let workspace = try Workspace()
        let (composed, decomposed) = ("caf\u{E9}.mp4", "cafe\u{301}.mp4")
        try workspace.write("jobs.jsonl", Array([Self.jobLine(composed), Self.jobLine(decomposed)].joined(separator: "\n").utf8))
        let result = try workspace.run("batch", "jobs.jsonl", "--quiet")
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: workspace.url.path).map { Array($0.utf8) }
        #expect(names.contains(Array(composed.utf8)) && names.contains(Array(decomposed.utf8)))
    }

    /// A job may not write the job file, under its name, a link's, or as standard input.
    @Test func noJobWritesTheJobFile() throws {
        let workspace = try Workspace()
        try workspace.write("jobs.jsonl", Array((#"{"images": ["a.png", "b.png"], "output": "jobs.jsonl", "format": "mp4"}"# + "\n").utf8))
        try FileManager.default.createSymbolicLink(atPath: workspace.path("link.mp4"), withDestinationPath: "linked.jsonl")
        try workspace.write("linked.jsonl", Array((#"{"images": ["a.png", "b.png"], "output": "link.mp4"}"# + "\n").utf8))
        let before = try workspace.snapshot()
        for (command, name, output) in [(#""$FLIPTRANS" batch jobs.jsonl"#, "jobs.jsonl", "jobs.jsonl"), (#""$FLIPTRANS" batch - < jobs.jsonl"#, "stdin", "jobs.jsonl"),
                                        (#""$FLIPTRANS" batch linked.jsonl"#, "linked.jsonl", "link.mp4")] {
            let result = try Fliptrans.runShell(command, in: workspace.url)
            #expect(result.status == 2)
            #expect(result.errorLines == ["Error: \(name): line 1: output '\(output)' is the job file; refusing to overwrite it", "batch: 1 bad job line; nothing rendered"])
        }
        #expect(try workspace.snapshot() == before)
        // Nor is a FIFO no program reads waited on for good as the report.
        #expect(mkfifo(workspace.path("fifo"), 0o600) == 0)
        try workspace.write("ok.jsonl", Array(Self.jobLine("one.mp4").utf8))
        let fifo = try workspace.run("batch", "ok.jsonl", "--report", "fifo")
        #expect(fifo.status == 1)
        #expect(fifo.errorLines == ["Error: --report fifo: cannot write the report (it is a FIFO no program reads)"])
    }

    /// Shards given one report emptied it and wrote over each other's lines, leaving some of
    /// them, or none, whole. A report another batch holds is refused, before it is emptied and
    /// before any job runs.
    @Test func aReportAnotherBatchWritesIsRefused() throws {
        let workspace = try Workspace()
        try workspace.write("jobs.jsonl", Array(Self.jobLine("one.mp4").utf8))
        try workspace.write("report.jsonl", Array("{\"event\": \"end\"}\n".utf8))
        let held = open(workspace.path("report.jsonl"), O_RDONLY)
        defer { close(held) }
        #expect(flock(held, LOCK_EX) == 0)
        let before = try workspace.snapshot()
        let result = try workspace.run("batch", "jobs.jsonl", "--report", "report.jsonl")
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: --report report.jsonl: another batch is writing it; give each batch, or shard, a report of its own"])
        #expect(try workspace.snapshot() == before)
        #expect(flock(held, LOCK_UN) == 0)
        let free = try workspace.run("batch", "jobs.jsonl", "--report", "report.jsonl", "--quiet")
        #expect(free.status == 0, "\(free.stderr)")
        #expect(try String(contentsOfFile: workspace.path("report.jsonl"), encoding: .utf8).split(separator: "\n").count == 1)
    }

    /// The report is emptied when the batch starts, so it may be no file the batch reads or writes.
    @Test func theReportIsNeverAFileTheBatchNeeds() throws {
        let workspace = try Workspace()
        try workspace.write("show.yaml", Array("slides: [a.png, b.png]\nhold: 0.1\nduration: 0.2\nfps: 10\n".utf8))
        let lines = [Self.jobLine("one.mp4"), Self.jobLine("two.mp4"), #"{"spec": "show.yaml", "output": "show.mp4"}"#]
        try workspace.write("jobs.jsonl", Array(lines.joined(separator: "\n").utf8))
        // Hard links are the files they link, under other names.
        for (file, link) in [("jobs.jsonl", "jobs-link"), ("b.png", "b-link"), ("show.yaml", "show-link")] {
            try FileManager.default.linkItem(atPath: workspace.path(file), toPath: workspace.path(link))
        }
        let before = try workspace.snapshot()
        for (report, use) in [("jobs.jsonl", "the job file"), ("b.png", "an input of line 1"), ("two.mp4", "the output of line 2"),
                              ("show.yaml", "an input of line 3"), ("jobs-link", "the job file"), ("b-link", "an input of line 1"),
                              ("show-link", "an input of line 3")] {
            let result = try workspace.run("batch", "jobs.jsonl", "--report", report)
            #expect(result.status == 1)
            #expect(result.errorLines == ["Error: --report \(report): is \(use); refusing to overwrite it"])
            #expect(try workspace.snapshot() == before)
        }
        // The plan's own refusals are listed too.
        try workspace.write("jobs.jsonl", Array((lines + [Self.jobLine("one.mp4")]).joined(separator: "\n").utf8))
        let both = try workspace.run("batch", "jobs.jsonl", "--report", "b.png")
        #expect(both.status == 2)
        #expect(both.errorLines == ["Error: --report b.png: is an input of line 1; refusing to overwrite it",
                                    "Error: jobs.jsonl: line 4: output 'one.mp4' is also the output of line 1",
                                    "batch: 1 bad job line; nothing rendered"])
        #expect(try workspace.snapshot()["b.png"] == before["b.png"])
        // A refused line's files too: every text in it may be a path it names.
        try workspace.write("jobs.jsonl", Array((lines + [#"{"images": ["a.png", "b.png"], "output": "seven.mp4", "shadow": 9}"#]).joined(separator: "\n").utf8))
        let refusedLine = try workspace.run("batch", "jobs.jsonl", "--report", "seven.mp4")
        #expect(refusedLine.status == 2)
        #expect(refusedLine.errorLines.first == "Error: --report seven.mp4: is named by line 4; refusing to overwrite it")
        #expect(!workspace.files.contains("seven.mp4"))
        // An inline show's touch trace, read as the show is made, is an input too.
        try workspace.write("trace.csv", Array("t,x,y\n0,150,60\n0.1,100,60\n".utf8))
        try workspace.write("shows.jsonl", Array(#"{"slides": ["a.png", {"image": "b.png", "gesture-file": "trace.csv"}], "output": "four.mp4", "hold": 0.1}"#.utf8))
        let traced = try workspace.run("batch", "shows.jsonl", "--report", "trace.csv")
        #expect(traced.status == 1 && traced.errorLines == ["Error: --report trace.csv: is an input of line 1; refusing to overwrite it"])
        #expect(try workspace.snapshot()["trace.csv"] == Data("t,x,y\n0,150,60\n0.1,100,60\n".utf8))
    }

    /// `--check` decodes every input and writes nothing; its status is the batch's.
    @Test func checkProbesEveryInputWithoutWriting() throws {
        let workspace = try Workspace()
        try workspace.write("broken.png", Array(try Data(contentsOf: URL(fileURLWithPath: workspace.path("a.png"))).prefix(200)))
        let lines = [Self.jobLine("one.mp4"), Self.jobLine("two.mp4", first: "missing.png"), Self.jobLine("new/three.mp4", first: "broken.png"),
                     #"{"slides": ["a.png", "b.png"], "output": "four.webm", "hold": 0.1, "fps": 10}"#]
        try workspace.write("jobs.jsonl", Array(lines.joined(separator: "\n").utf8))
        let before = workspace.files
        let result = try workspace.run("batch", "jobs.jsonl", "--check")
        #expect(result.status == 1)
        #expect(result.errorLines == [
            "ready: one.mp4",
            "failed: jobs.jsonl: line 2: missing.png: no such file",
            "failed: jobs.jsonl: line 3: broken.png: damaged image data (the file ends before the picture does)",
            "ready: four.webm",
            "batch --check: 2 ready, 2 would fail",
        ])
        #expect(workspace.files == before)
        try workspace.write("good.jsonl", Array([lines[0], lines[3]].joined(separator: "\n").utf8))
        #expect(try workspace.run("batch", "good.jsonl", "--check", "--quiet").status == 0)
        #expect(workspace.files == before.union(["good.jsonl"]))
        // Its JSON summary counts jobs ready, not done; a report it would not write is refused, left as it was.
        let json = try workspace.run("batch", "jobs.jsonl", "--check", "--progress", "json", "--quiet")
        let summary = try #require(try Self.objects(json.stdout).last)
        #expect(summary["event"] as? String == "summary" && summary["ready"] as? Int == 2 && summary["failed"] as? Int == 2)
        #expect(summary["done"] == nil && summary["skipped"] == nil)
        try workspace.write("report.jsonl", Array("kept".utf8))
        let report = try workspace.run("batch", "jobs.jsonl", "--check", "--report", "report.jsonl")
        #expect(report.status == 2)
        #expect(report.errorLines == ["Error: --report is not written by --check, which writes nothing; give it to the batch that renders",
                                      "See 'fliptrans batch --help' for more information."])
        #expect(try String(contentsOfFile: workspace.path("report.jsonl"), encoding: .utf8) == "kept")
        // With --skip-existing it skips what the batch would skip: the failing job whose output is there too.
        for output in ["one.mp4", "two.mp4"] { try workspace.write(output, Array("earlier".utf8)) }
        let skipping = try workspace.run("batch", "jobs.jsonl", "--check", "--skip-existing")
        #expect(skipping.status == 1)
        #expect(skipping.errorLines == [
            "failed: jobs.jsonl: line 3: broken.png: damaged image data (the file ends before the picture does)",
            "ready: four.webm",
            "batch --check: 1 ready, 1 would fail, 2 skipped",
        ])
        let skippingJSON = try workspace.run("batch", "jobs.jsonl", "--check", "--skip-existing", "--progress", "json", "--quiet")
        let skippedSummary = try #require(try Self.objects(skippingJSON.stdout).last)
        #expect(skippedSummary["ready"] as? Int == 1 && skippedSummary["failed"] as? Int == 1 && skippedSummary["skipped"] as? Int == 2)
        #expect(try String(contentsOfFile: workspace.path("two.mp4"), encoding: .utf8) == "earlier")
    }

    @Test func slideshowsCanBeWrittenInAJobLine() throws {
        let workspace = try Workspace()
        let line = #"{"id": 7, "slides": ["a.png", {"image": "b.png", "hold": 0.5, "transition": "fold"}], "output": "show.mp4", "hold": 0.2, "duration": 0.3, "fps": 10}"#
        try workspace.write("jobs.jsonl", Array(line.utf8))
        let result = try workspace.run("batch", "jobs.jsonl", "--progress", "json")
        #expect(result.status == 0, "\(result.stderr)")
        // 2 + 3 + 5 frames: A held, the fold, B held.
        #expect(try ProbedVideo(path: workspace.path("show.mp4")).frames == 10)
        let end = try #require(try Self.objects(result.stdout).first { $0["event"] as? String == "end" })
        // The id as the line gave it: a number stays a number.
        #expect(end["id"] as? Int == 7 && end["frames"] as? Int == 10)
    }

    /// A job's paths are paths, whatever they start with: `-a.png` was read as options
    /// ("Missing expected argument '<b>'"), `--help` as an image printed the help as the error.
    @Test func pathsStartingWithADashAreFiles() throws {
        let workspace = try Workspace()
        try FileManager.default.copyItem(atPath: workspace.path("a.png"), toPath: workspace.path("-a.png"))
        try workspace.write("jobs.jsonl", Array([#"{"images": ["-a.png", "b.png"], "output": "-x.gif", "duration": 0.2, "fps": 10}"#,
                                                 #"{"images": ["b.png", "--help"], "output": "y.gif", "duration": 0.2, "fps": 10}"#,
                                                 #"{"images": ["-", "b.png"], "output": "z.gif", "duration": 0.2, "fps": 10}"#].joined(separator: "\n").utf8))
        let result = try workspace.run("batch", "jobs.jsonl", "-j", "1")
        #expect(result.status == 1)
        #expect(result.errorLines == ["failed: jobs.jsonl: line 2: ./--help: no such file",
                                      "failed: jobs.jsonl: line 3: -: no such file (standard input is not read here; give a file)",
                                      "done: ./-x.gif", "batch: 1 done, 2 failed, 0 skipped"])
        #expect(try ProbedVideo(path: workspace.path("-x.gif")).frames == 2)
    }

    /// A job's warnings and notes, which batch jobs do not print themselves, are said beside the
    /// job: on stderr placed by its line (not with -q), and in its `end` event and the report,
    /// a failed job's too.
    @Test func aJobsWarningsAreSaidBesideIt() throws {
        let workspace = try Workspace()
        try DamagedImageTests().writeGarbledJPEG(in: workspace)
        let lines = [Self.jobLine("one.mp4", first: "garbled.jpg", extra: #", "allow-damaged": true"#),
                     #"{"slides": ["a.png", "b.png", "garbled.jpg"], "output": "two.mp4", "size": "64x48", "hold": 0.2, "duration": 0.2, "fps": 10, "crf": 0}"#]
        try workspace.write("jobs.jsonl", Array(lines.joined(separator: "\n").utf8))
        let result = try workspace.run("batch", "jobs.jsonl", "-j", "1", "--progress", "json", "--report", "report.jsonl")
        #expect(result.status == 1)
        let lossless = "warning: two.mp4: --crf 0 makes lossless H.264 (the High 4:4:4 Predictive profile), which most players cannot play; --crf 1 or more gives the High profile they do"
        let ends = try Self.objects(result.stdout).filter { $0["event"] as? String == "end" }
        let report = try Self.objects(try String(contentsOfFile: workspace.path("report.jsonl"), encoding: .utf8))
        for events in [ends, report] {
            let warnings = events.map { $0["warnings"] as? [String] ?? [] }
            #expect(warnings.count == 2)
            #expect(warnings.first?.count == 1 && warnings.first?.first?.hasPrefix("warning: garbled.jpg: damaged image data (FFmpeg: ") == true, "\(warnings)")
            #expect(warnings.last == [lossless])
            #expect(events.map { $0["status"] as? String } == ["done", "failed"])
        }
        let stderr = result.errorLines
        #expect(stderr.count == 5, "\(stderr)")
        #expect(stderr.first?.hasPrefix("warning: jobs.jsonl: line 1: garbled.jpg: damaged image data (FFmpeg: ") == true, "\(stderr)")
        #expect(Array(stderr.dropFirst().prefix(2)) == ["done: one.mp4", "warning: jobs.jsonl: line 2: two.mp4: --crf 0" + lossless.dropFirst("warning: two.mp4: --crf 0".count)])
        #expect(stderr.dropFirst(3).first?.hasPrefix("failed: jobs.jsonl: line 2: slide 3: garbled.jpg: damaged image data") == true, "\(stderr)")

        let quiet = try workspace.run("batch", "jobs.jsonl", "-j", "1", "-q")
        #expect(quiet.status == 1)
        #expect(quiet.errorLines.count == 2 && quiet.errorLines.allSatisfy { !$0.hasPrefix("warning: ") }, "\(quiet.stderr)")
    }

    /// A line's own `"quiet": true` keeps back its job's warnings, when it runs and when it is
    /// checked; its `"progress"` can only be what the batch shows, which is the batch's option.
    @Test func aQuietLineKeepsItsWarningsBackAndProgressIsTheBatchs() throws {
        let workspace = try Workspace()
        let lossless = #", "crf": 0"#
        let lines = [Self.jobLine("one.mp4", extra: lossless + #", "quiet": true"#), Self.jobLine("two.mp4", extra: lossless + #", "quiet": false"#)]
        try workspace.write("jobs.jsonl", Array(lines.joined(separator: "\n").utf8))
        for check in [[], ["--check"]] {
            let result = try workspace.run(["batch", "jobs.jsonl", "-j", "1", "--progress", "json"] + check)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.errorLines.filter { $0.hasPrefix("warning: ") }.map { $0.prefix(40) } == ["warning: jobs.jsonl: line 2: two.mp4: --"], "\(check): \(result.stderr)")
            let ends = try Self.objects(result.stdout).filter { $0["event"] as? String == "end" }
            #expect(ends.map { ($0["warnings"] as? [String])?.count ?? 0 } == [0, 1], "\(check)")
        }
        try workspace.write("more.jsonl", Array([Self.jobLine("three.mp4", extra: #", "progress": "bar""#),
                                                 Self.jobLine("four.mp4", extra: #", "progress": "None""#),
                                                 Self.jobLine("five.mp4", extra: #", "quiet": "yes""#)].joined(separator: "\n").utf8))
        let refused = try workspace.run("batch", "more.jsonl", "--check")
        #expect(refused.status == 2)
        #expect(refused.errorLines.prefix(2) == ["Error: more.jsonl: line 1: key 'progress' is the batch's option, for every job (fliptrans batch --progress json or none; this batch's is none), got 'bar'",
                                                 "Error: more.jsonl: line 3: key 'quiet' takes true or false, not the text 'yes' (write true or false, without quotes)"], "\(refused.stderr)")
    }

    /// `--check` tells the warnings a job would give before its first frame, as the batch does,
    /// so a batch about to run hears them before it runs.
    @Test func checkSaysTheWarningsAJobWouldGive() throws {
        let workspace = try Workspace()
        try workspace.write("jobs.jsonl", Array((Self.jobLine("odd.mp4", extra: #", "size": "65x49", "crf": 0"#) + "\n").utf8))
        let result = try workspace.run("batch", "jobs.jsonl", "--check", "--progress", "json")
        #expect(result.status == 0)
        let expected = ["warning: frame size 65x49 rounded down to 64x48: even sides are needed for H.264, HEVC or AV1 video",
                        "warning: odd.mp4: --crf 0 makes lossless H.264 (the High 4:4:4 Predictive profile), which most players cannot play; --crf 1 or more gives the High profile they do"]
        let end = try Self.objects(result.stdout).first { $0["event"] as? String == "end" }
        #expect(end?["status"] as? String == "ready")
        #expect(end?["warnings"] as? [String] == expected)
        #expect(result.errorLines.prefix(2) == ["warning: jobs.jsonl: line 1: frame size 65x49 rounded down to 64x48: even sides are needed for H.264, HEVC or AV1 video",
                                                "warning: jobs.jsonl: line 1: odd.mp4: --crf 0" + expected[1].dropFirst("warning: odd.mp4: --crf 0".count)])
        #expect(!FileManager.default.fileExists(atPath: workspace.path("odd.mp4")))
    }

    /// `--check` decodes every image as the run will: damaged data inside a complete file, which
    /// a header does not show, fails the check (it said `ready`, and the run failed), and with
    /// `allow-damaged` is a warning there as in the run.
    @Test func checkDecodesEveryImage() throws {
        let workspace = try Workspace()
        try DamagedImageTests().writeGarbledJPEG(in: workspace)
        let damaged = #", "allow-damaged": true"#
        let lines = [Self.jobLine("one.mp4", first: "garbled.jpg"), Self.jobLine("two.mp4", first: "garbled.jpg", extra: damaged),
                     Self.jobLine("three.mp4", first: "garbled.jpg", extra: damaged)]
        try workspace.write("jobs.jsonl", Array(lines.joined(separator: "\n").utf8))
        let result = try workspace.run("batch", "jobs.jsonl", "--check")
        #expect(result.status == 1)
        let stderr = result.errorLines
        #expect(stderr.count == 6, "\(stderr)")
        #expect(stderr.first?.hasPrefix("failed: jobs.jsonl: line 1: garbled.jpg: damaged image data (FFmpeg: ") == true, "\(stderr)")
        // The image is decoded once for the two jobs that accept its damage; each hears the warning.
        for (index, line) in [(1, 2), (3, 3)] {
            #expect(stderr.dropFirst(index).first?.hasPrefix("warning: jobs.jsonl: line \(line): garbled.jpg: damaged image data (FFmpeg: ") == true, "\(stderr)")
        }
        #expect(stderr[2] == "ready: two.mp4" && Array(stderr.suffix(2)) == ["ready: three.mp4", "batch --check: 2 ready, 1 would fail"])
        #expect(try workspace.run("batch", "jobs.jsonl", "-q").status == 1)
    }

    /// A spec's `skip-existing`, which the command line honours, is not a job's to decide in a
    /// batch (a job line's is refused): the job renders, and a note says why.
    @Test func aSpecsSkipExistingIsLeftToTheBatchWithANote() throws {
        let workspace = try Workspace()
        try workspace.write("show.yaml", Array("slides: [a.png, b.png]\nhold: 0.2\nfps: 10\nskip-existing: true\n".utf8))
        try workspace.write("jobs.jsonl", Array(#"{"spec": "show.yaml", "output": "show.mp4"}"#.utf8))
        try workspace.write("show.mp4", Array("an earlier run's".utf8))
        let result = try workspace.run("batch", "jobs.jsonl")
        #expect(result.status == 0)
        #expect(result.errorLines == ["note: jobs.jsonl: line 1: show.yaml: 'skip-existing' is the batch's to decide, for every job (fliptrans batch --skip-existing); this job renders",
                                      "done: show.mp4", "batch: 1 done, 0 failed, 0 skipped"])
        #expect(try ProbedVideo(path: workspace.path("show.mp4")).frames > 2)
    }

    /// A job whose touch trace's frames are known only once the frame's size is reports the
    /// video's frames, not those counted before (the trace's drag was not among them).
    @Test func aTouchTracesFramesAreCountedInTheEndEvent() throws {
        let workspace = try Workspace()
        try workspace.write("trace.csv", Array("t,x,y\n0,140,60\n0.1,120,60\n0.2,100,60\n0.3,80,60\n0.4,60,60\n0.5,40,60\n".utf8))
        let line = #"{"slides": ["a.png", "b.png"], "output": "show.mp4", "fps": 10, "hold": 0.2, "transition": "page", "gesture-file": "trace.csv"}"#
        try workspace.write("jobs.jsonl", Array(line.utf8))
        let result = try workspace.run("batch", "jobs.jsonl", "--progress", "json")
        #expect(result.status == 0, "\(result.stderr)")
        let frames = try ProbedVideo(path: workspace.path("show.mp4")).frames
        #expect(frames > 4)
        let end = try #require(try Self.objects(result.stdout).first { $0["event"] as? String == "end" })
        #expect(end["frames"] as? Int == frames)
    }

    /// A refused line's event names its id too, as given, whatever was wrong with the line.
    @Test func refusedLinesKeepTheirIDs() throws {
        let workspace = try Workspace()
        try workspace.write("jobs.jsonl", Array([Self.jobLine("x.mp4", extra: #", "id": "typo", "fsp": 10"#),
                                                 #"{"id": 2.5, "output": "y.mp4"}"#,
                                                 Self.jobLine("z.mp4", extra: #", "id": 3"#),
                                                 Self.jobLine("z.mp4", extra: #", "id": 4"#),
                                                 #"{"id": true, "output": "w.mp4"}"#,
                                                 #"{"id": 18446744073709551615, "output": "v.mp4"}"#,
                                                 #"{"id": 123456789012345678901234567890, "output": "u.mp4"}"#].joined(separator: "\n").utf8))
        let result = try workspace.run("batch", "jobs.jsonl", "--progress", "json")
        #expect(result.status == 2)
        let refused = try Self.objects(result.stdout).filter { $0["event"] as? String == "refused" }
        #expect(refused.map { $0["line"] as? Int } == [1, 2, 4, 5, 6, 7])
        #expect(refused[0]["id"] as? String == "typo")
        #expect(refused[1]["id"] as? Double == 2.5)
        #expect(refused[2]["id"] as? Int == 4)
        #expect(refused[3]["id"] == nil && refused[3]["error"] as? String == "jobs.jsonl: line 5: key 'id' must be text or a number")
        // A 64-bit hash past Int64's range stays itself (it wrapped to -1).
        #expect((refused[4]["id"] as? NSNumber)?.uint64Value == UInt64.max)
        // Past that it would come back rounded (1.2345678901234568e+29): refused, not echoed.
        #expect(refused[5]["id"] == nil
                && refused[5]["error"] as? String == "jobs.jsonl: line 7: key 'id' is too large a number to be echoed as written; give it as text")
    }
}

/// A signal stops every job running at once; the batch says what finished, in text and JSON.
struct BatchInterruptionTests {
    @Test func aSignalStopsEveryJobRunningAndTheSummarySaysSo() throws {
        let workspace = try Workspace()
        let long = { (output: String) in #"{"images": ["a.png", "b.png"], "output": "\#(output)", "size": "640x480", "duration": 60, "preset": "veryslow"}"# }
        try workspace.write("jobs.jsonl", Array([long("one.mp4"), long("two.mp4"), long("three.mp4")].joined(separator: "\n").utf8))
        let process = try Fliptrans.start(["batch", "jobs.jsonl", "-j", "2", "--progress", "json", "--report", "report.jsonl"], in: workspace.url)
        #expect(workspace.waitForPartial(of: "one.mp4") != nil && workspace.waitForPartial(of: "two.mp4") != nil, "the jobs did not start")
        let jobs = Fliptrans.children(of: process)
        #expect(jobs.count == 2)
        kill(process.processIdentifier, SIGTERM)
        let streams = Pipe.readToEnd(process.standardOutput as! Pipe, process.standardError as! Pipe)
        let (stdout, stderr) = (String(decoding: streams.output, as: UTF8.self), String(decoding: streams.errors, as: UTF8.self))
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        #expect(stderr == "batch: stopped by signal 15: 0 done, 0 failed, 0 skipped, 3 unfinished\n")
        let summary = try #require(try BatchAutomationTests.objects(stdout).last)
        #expect(summary["event"] as? String == "summary" && summary["signal"] as? Int == 15 && summary["unfinished"] as? Int == 3)
        // Each job that started ends, stopped; the one no worker took has neither.
        let ends = try BatchAutomationTests.objects(stdout).filter { $0["event"] as? String == "end" }
        #expect(ends.map { $0["line"] as? Int } == [1, 2] && ends.allSatisfy { $0["status"] as? String == "stopped" }, "\(stdout)")
        let report = try BatchAutomationTests.objects(try String(contentsOfFile: workspace.path("report.jsonl"), encoding: .utf8))
        #expect(report.map { $0["status"] as? String } == ["stopped", "stopped"])
        #expect(workspace.files == ["a.png", "b.png", "jobs.jsonl", "report.jsonl"])
        for job in jobs { #expect(kill(job, 0) == -1 && errno == ESRCH) }
    }
}

/// A long job file takes a while to read and check; a signal meanwhile says so.
struct BatchPlanningInterruptionTests {
    /// Stopped during `--check`, the summary is the check's: the jobs found ready so far.
    @Test func aSignalDuringACheckSummarisesWhatItFound() throws {
        let workspace = try Workspace()
        let image = try Data(contentsOf: URL(fileURLWithPath: workspace.path("a.png")))
        // Each job its own image, as one decoded is not decoded again.
        var lines: [String] = []
        for index in 0..<300 {
            try image.write(to: URL(fileURLWithPath: workspace.path("a\(index).png")))
            lines.append(BatchAutomationTests.jobLine("out\(index).mp4", first: "a\(index).png"))
        }
        try workspace.write("jobs.jsonl", Array(lines.joined(separator: "\n").utf8))
        let process = try Fliptrans.start(["batch", "jobs.jsonl", "--check", "--progress", "json"], in: workspace.url)
        let events = (process.standardOutput as! Pipe).fileHandleForReading
        var heard = Data()
        while !String(decoding: heard, as: UTF8.self).contains(#""status":"ready""#) {
            let more = events.availableData
            guard !more.isEmpty else { break }
            heard += more
        }
        kill(process.processIdentifier, SIGTERM)
        heard += events.readDataToEndOfFile()
        let stderr = String(decoding: (process.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        let last = try #require(String(decoding: heard, as: UTF8.self).split(separator: "\n").last)
        let summary = try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
        let ready = summary?["ready"] as? Int ?? 0
        #expect(summary?["event"] as? String == "summary" && summary?["signal"] as? Int == 15 && ready >= 1 && ready < 300, "\(last)")
        #expect(stderr.split(separator: "\n").last == "batch --check: stopped by signal 15: \(ready) ready, 0 would fail")
    }

    @Test func aSignalWhileTheJobsAreReadSaysNoJobHadStarted() throws {
        let workspace = try Workspace()
        let process = Process()
        process.executableURL = Fliptrans.executable
        process.arguments = ["batch", "-", "--progress", "json"]
        process.currentDirectoryURL = workspace.url
        let input = Pipe(), errors = Pipe(), events = Pipe()
        (process.standardInput, process.standardError, process.standardOutput) = (input, errors, events)
        try process.run()
        // A line begun and never ended: the batch waits in its read of standard input.
        input.fileHandleForWriting.write(Data(BatchAutomationTests.jobLine("one.mp4").utf8))
        let waiting = ContinuousClock.now
        while !((try? String(contentsOfFile: "/proc/\(process.processIdentifier)/wchan", encoding: .utf8)) ?? "").hasSuffix("pipe_read"),
              ContinuousClock.now - waiting < .seconds(60) {
            usleep(10_000)
        }
        kill(process.processIdentifier, SIGTERM)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        #expect(stderr == "batch: stopped by signal 15 while reading and checking the jobs from stdin; no job had started\n")
        // The events end with the summary, as when jobs have run.
        let summary = try JSONSerialization.jsonObject(with: events.fileHandleForReading.readDataToEndOfFile()) as? [String: Any]
        #expect(summary?["event"] as? String == "summary" && summary?["signal"] as? Int == 15 && summary?["done"] as? Int == 0, "\(String(describing: summary))")
        #expect(workspace.files == ["a.png", "b.png"])
    }
}
