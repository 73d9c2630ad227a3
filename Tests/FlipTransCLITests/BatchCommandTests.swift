import Foundation
import Testing

struct BatchCommandTests {
    func jobLine(_ output: String, first: String = "a.png") -> String {
        #"{"images": ["\#(first)", "b.png"], "output": "\#(output)", "duration": 0.2, "fps": 10}"#
    }

    /// An output name longer than any file system takes is a bad line, found before any job
    /// runs (it failed as its job ran, after the jobs before it), in a folder yet to be made too.
    @Test func anOutputNameTooLongIsABadLine() throws {
        let workspace = try Workspace()
        let long = String(repeating: "n", count: 256) + ".mp4"
        try workspace.write("jobs.jsonl", Array([jobLine("one.mp4"), jobLine("new/" + long)].joined(separator: "\n").utf8))
        let result = try workspace.run("batch", "jobs.jsonl")
        #expect(result.status == 2)
        #expect(result.errorLines == ["Error: jobs.jsonl: line 2: new/\(long): the file name is 260 bytes long, more than the system takes (255)",
                                      "batch: 1 bad job line; nothing rendered"])
        #expect(workspace.files == ["a.png", "b.png", "jobs.jsonl"])
    }

    /// A job failing on a missing input leaves no folder made for its output.
    @Test func aFailingJobDoesNotStopTheOthers() throws {
        let workspace = try Workspace()
        try workspace.write("jobs.jsonl", Array([jobLine("one.mp4"), "", jobLine("new/two.mp4", first: "missing.png"),
                                                 "# a comment", jobLine("three.webm")].joined(separator: "\n").utf8))
        let result = try workspace.run("batch", "jobs.jsonl")
        #expect(result.status != 0)
        #expect(workspace.files == ["a.png", "b.png", "jobs.jsonl", "one.mp4", "three.webm"])
        #expect(result.errorLines.contains { $0.hasPrefix("failed: jobs.jsonl: line 3:") && $0.contains("missing.png") })
        #expect(result.errorLines.last == "batch: 2 done, 1 failed, 0 skipped")
    }

    @Test func shardsPartitionTheJobsExactly() throws {
        let workspace = try Workspace()
        let outputs = (0..<7).map { "job\($0).mp4" }
        try workspace.write("jobs.jsonl", Array(outputs.map { jobLine($0) }.joined(separator: "\n").utf8))
        var seen: [String] = []
        for shard in 0..<3 {
            let before = workspace.files
            let result = try workspace.run("batch", "jobs.jsonl", "--shard", "\(shard)/3", "--quiet")
            #expect(result.status == 0, "\(result.stderr)")
            let made = workspace.files.subtracting(before).sorted()
            #expect(made == outputs.enumerated().filter { $0.offset % 3 == shard }.map(\.element))
            seen += made
        }
        #expect(seen.sorted() == outputs.sorted())
    }

    @Test(arguments: [
        (["JOB_COMPLETION_INDEX": "1"], "auto/2", ["job1.mp4", "job3.mp4"]),
        (["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "2", "SLURM_ARRAY_TASK_COUNT": "3"], "auto", ["job2.mp4"]),
        // Some tasks of an array of 4 submitted again (--array=1,3): a task's ID is its shard.
        (["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "3", "SLURM_ARRAY_TASK_COUNT": "2"], "auto/4", ["job3.mp4"]),
        (["AWS_BATCH_JOB_ARRAY_INDEX": "0"], "auto/4", ["job0.mp4"]),
    ])
    func autoShardReadsTheEngineEnvironment(environment: [String: String], shard: String, expected: [String]) throws {
        let workspace = try Workspace()
        try workspace.write("jobs.jsonl", Array((0..<4).map { jobLine("job\($0).mp4") }.joined(separator: "\n").utf8))
        let result = try Fliptrans.run(["batch", "jobs.jsonl", "--shard", shard], in: workspace.url, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(workspace.files.filter { $0.hasSuffix(".mp4") }.sorted() == expected)
    }

    @Test func skipExistingFinishesTheRest() throws {
        let workspace = try Workspace()
        try workspace.write("done.mp4", Array("rendered earlier".utf8))
        try workspace.write("jobs.jsonl", Array([jobLine("done.mp4"), jobLine("new.mp4")].joined(separator: "\n").utf8))
        let result = try workspace.run("batch", "jobs.jsonl", "--skip-existing")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOfFile: workspace.path("done.mp4"), encoding: .utf8) == "rendered earlier")
        #expect(workspace.files.contains("new.mp4"))
        #expect(result.errorLines.last == "batch: 1 done, 0 failed, 1 skipped")
    }

    /// A sequence of images is finished when its last frame is in place (frames are moved there
    /// once all are written): it was never skipped, as its pattern is no file.
    @Test func skipExistingSkipsAFinishedSequence() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("seq"), withIntermediateDirectories: false)
        try workspace.write("jobs.jsonl", Array(jobLine("seq/f%02d.png").utf8))
        let first = try workspace.run("batch", "jobs.jsonl", "--skip-existing")
        #expect(first.status == 0 && first.errorLines.last == "batch: 1 done, 0 failed, 0 skipped", "\(first.stderr)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: workspace.path("seq")).sorted()
        #expect(frames == ["f01.png", "f02.png"])
        let again = try workspace.run("batch", "jobs.jsonl", "--skip-existing")
        #expect(again.errorLines.last == "batch: 0 done, 0 failed, 1 skipped", "\(again.stderr)")
        // A sequence cut short before its last frame is rendered again.
        try FileManager.default.removeItem(atPath: workspace.path("seq/f02.png"))
        let cut = try workspace.run("batch", "jobs.jsonl", "--skip-existing")
        #expect(cut.errorLines.last == "batch: 1 done, 0 failed, 0 skipped", "\(cut.stderr)")
        #expect(FileManager.default.fileExists(atPath: workspace.path("seq/f02.png")))
    }

    /// A clip whose length the frame decides (a touch trace's default drag distance) has no known
    /// last frame when the batch is planned: it is rendered again, rather than taken as finished
    /// once its first frame is there.
    @Test func skipExistingRendersASequenceOfUnknownLengthAgain() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("seq"), withIntermediateDirectories: false)
        try workspace.write("trace.csv", Array("t,x,y\n0,60,20\n0.2,20,20\n".utf8))
        try workspace.write("jobs.jsonl", Array(#"{"images": ["a.png", "b.png"], "output": "seq/f%03d.png", "fps": 10, "gesture-file": "trace.csv"}"#.utf8))
        let first = try workspace.run("batch", "jobs.jsonl", "--skip-existing")
        #expect(first.status == 0 && first.errorLines.last == "batch: 1 done, 0 failed, 0 skipped", "\(first.stderr)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: workspace.path("seq")).sorted()
        #expect(frames.count > 2)
        for frame in frames.dropFirst() { try FileManager.default.removeItem(atPath: workspace.path("seq/" + frame)) }
        let again = try workspace.run("batch", "jobs.jsonl", "--skip-existing")
        #expect(again.errorLines.last == "batch: 1 done, 0 failed, 0 skipped", "\(again.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("seq")).sorted() == frames)
    }

    /// A batch shows JSON events or none; `bar` and `auto` were taken and did nothing.
    @Test func aBatchHasNoProgressBar() throws {
        let workspace = try Workspace()
        try workspace.write("jobs.jsonl", Array(jobLine("x.mp4").utf8))
        let result = try workspace.run("batch", "jobs.jsonl", "--progress", "bar")
        #expect(result.status == 2)
        #expect(result.errorLines.first == "Error: The value 'bar' is invalid for '--progress <progress>'. Please provide one of 'json' and 'none'.")
        #expect(!workspace.files.contains("x.mp4"))
    }

    @Test func autoShardWithoutAnEngineIsAnError() throws {
        let workspace = try Workspace()
        try workspace.write("jobs.jsonl", Array(jobLine("x.mp4").utf8))
        let result = try Fliptrans.run(["batch", "jobs.jsonl", "--shard", "auto"], in: workspace.url, environment: [:])
        #expect(result.status != 0)
        #expect(result.errorLines == ["Error: --shard auto: none of JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID or AWS_BATCH_JOB_ARRAY_INDEX is set"])
    }

    /// A negative index is the shard's value, not an option the parser looks for.
    @Test(arguments: [("2/2", 2), ("-1/3", -1)])
    func aShardIndexOutsideTheShardsIsRefused(shard: String, index: Int) throws {
        let workspace = try Workspace()
        try workspace.write("jobs.jsonl", Array(jobLine("x.mp4").utf8))
        let result = try workspace.run("batch", "jobs.jsonl", "--shard", shard)
        let count = shard.split(separator: "/")[1]
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: --shard: index \(index) of \(count) shards must be between 0 and \(Int(count)! - 1) (shards are numbered from 0), got '\(shard)'"])
        #expect(!workspace.files.contains("x.mp4"))
    }

    @Test(arguments: [
        ("missing.jsonl", "Error: missing.jsonl: no such file"),
        ("/dev/zero", "Error: /dev/zero: not a regular file"),
        ("latin1.jsonl", "Error: latin1.jsonl: the job file is not UTF-8 text"),
        ("jobs.fifo", "Error: jobs.fifo: not a regular file"),
        ("folder", "Error: folder: is a directory"),
    ])
    func anUnreadableJobFileIsOneLineAndWritesNothing(path: String, message: String) throws {
        let workspace = try Workspace()
        try workspace.write("latin1.jsonl", [0x7B, 0xE9, 0x7D])
        // A named FIFO no one writes to: reading it would wait forever.
        #expect(mkfifo(workspace.path("jobs.fifo"), 0o600) == 0)
        try FileManager.default.createDirectory(atPath: workspace.path("folder"), withIntermediateDirectories: false)
        let before = workspace.files
        let result = try workspace.run("batch", path)
        #expect(result.status == 2)
        #expect(result.errorLines == [message])
        #expect(workspace.files == before)
    }

    /// A line's own text with line breaks in it is quoted escaped, on one line: a value of
    /// `"x\ndone: other.mp4"` printed a `done:` line of its own (and on the command line a colour
    /// given so printed two lines).
    @Test func aValueWithLineBreaksIsQuotedOnOneLine() throws {
        let workspace = try Workspace()
        try workspace.write("jobs.jsonl", Array(#"{"images": ["a.png", "b.png"], "output": "o.mp4", "tiles": "x\ndone: other.mp4"}"#.utf8))
        let result = try workspace.run("batch", "jobs.jsonl", "--check")
        #expect(result.errorLines == [#"Error: jobs.jsonl: line 1: key 'tiles' must be COLSxROWS with each between 1 and 64, e.g. 8x4, got 'x\ndone: other.mp4'"#,
                                      "batch: 1 bad job line; nothing rendered"])
        // An output so named is written under its name, and said on one line.
        try workspace.write("named.jsonl", Array(#"{"images": ["a.png", "b.png"], "output": "o\nfailed: x.mp4", "duration": 0.2, "fps": 10}"#.utf8))
        #expect(try workspace.run("batch", "named.jsonl", "--check").errorLines == [#"ready: o\nfailed: x.mp4"#, "batch --check: 1 ready, 0 would fail"])
        let colour = try workspace.run("a.png", "b.png", "-o", "o.mp4", "--background", "red\nx")
        #expect(colour.errorLines == [#"Error: --background 'red\nx' is not a colour; use #rgb, #rgba, #rrggbb, #rrggbbaa, rgb(), hsl(), a CSS colour name (navy, lightgrey) or transparent"#])
    }

    /// A slideshow's key beside "images" says how a job line makes a slideshow (it said the key
    /// was unknown and an option of 'fliptrans slideshow', another command).
    @Test func aSlideshowsKeyBesideImagesSaysToGiveSlides() throws {
        let workspace = try Workspace()
        try workspace.write("jobs.jsonl", Array(#"{"images": ["a.png", "b.png"], "output": "o.mp4", "audio": "song.mp3"}"#.utf8))
        #expect(try workspace.run("batch", "jobs.jsonl").errorLines.first == #"Error: jobs.jsonl: line 1: key 'audio' is a slideshow's: give the images as "slides""#)
    }

    /// A spec's own output is not a job's: the line names it, and is told so.
    @Test func aSpecJobNamesItsOutput() throws {
        let workspace = try Workspace()
        try workspace.write("show.yaml", Array("output: show.mp4\nslides: [a.png, b.png]\n".utf8))
        try workspace.write("jobs.jsonl", Array(#"{"spec": "show.yaml"}"#.utf8))
        #expect(try workspace.run("batch", "jobs.jsonl").errorLines.first
                == #"Error: jobs.jsonl: line 1: no "output" path (a job line names its output, even when its spec has one)"#)
    }

    /// Another transition's switch left off asks nothing of the job's transition; turned on, it
    /// does nothing, and is refused.
    @Test func anotherTransitionsSwitchOffIsTaken() throws {
        let workspace = try Workspace()
        try workspace.write("jobs.jsonl", Array((#"{"images": ["a.png", "b.png"], "output": "o.mp4", "transition": "flip", "unfold": false}"# + "\n"
            + #"{"images": ["a.png", "b.png"], "output": "p.mp4", "transition": "flip", "unfold": true}"#).utf8))
        let result = try workspace.run("batch", "jobs.jsonl", "--check")
        #expect(result.errorLines.first == "Error: jobs.jsonl: line 2: key 'unfold' is an option of fold, not of flip; leave it out or choose 'transition: fold'")
        #expect(result.errorLines.count == 2)
    }

    /// A still's option on a job line is not sent to 'fliptrans still', which a batch does not run.
    @Test func aStillsKeyIsNoJobsKey() throws {
        let workspace = try Workspace()
        try workspace.write("jobs.jsonl", Array(#"{"images": ["a.png", "b.png"], "output": "o.mp4", "at": 0.5}"#.utf8))
        #expect(try workspace.run("batch", "jobs.jsonl").errorLines.first
                == "Error: jobs.jsonl: line 1: unknown key 'at': it is an option of 'fliptrans still', which a job line cannot run; a job renders a transition's frames or a slideshow")
    }

    /// An inline slideshow's output refused by its format is placed at its line, as a pair's is
    /// (it was said with no line).
    @Test func anInlineSlideshowsOutputIsRefusedAtItsLine() throws {
        let workspace = try Workspace()
        try workspace.write("jobs.jsonl", Array(#"{"slides": ["a.png", "b.png"], "output": "k.avi"}"#.utf8))
        let result = try workspace.run("batch", "jobs.jsonl", "--check")
        #expect(result.status == 2)
        #expect(result.errorLines.first?.hasPrefix("Error: jobs.jsonl: line 1: k.avi: unsupported output format") == true, "\(result.stderr)")
    }

    /// A slideshow job's image is placed at its slide, as `fliptrans slideshow` places it: missing
    /// (found before any job runs), damaged (found as the job runs), and under `--check`. The
    /// batch said only "jobs.jsonl: line 1: missing.png: no such file", whichever slide it was.
    @Test func aSlideshowJobsImageIsPlacedAtItsSlide() throws {
        let workspace = try Workspace()
        try workspace.write("bad.png", Array("not a picture".utf8))
        try workspace.write("show.yaml", Array("slides: [a.png, missing.png]\n".utf8))
        try workspace.write("broken.yaml", Array("slides: [a.png, b.png, bad.png]\n".utf8))
        try workspace.write("jobs.jsonl", Array([#"{"spec": "show.yaml", "output": "one.mp4"}"#,
                                                 #"{"slides": ["missing.png", "a.png"], "output": "two.mp4"}"#,
                                                 #"{"spec": "broken.yaml", "output": "three.mp4"}"#,
                                                 #"{"slides": ["a.png", "bad.png"], "output": "four.mp4"}"#,
                                                 #"{"slides": ["missing.png", "gone.png"], "output": "five.mp4"}"#].joined(separator: "\n").utf8))
        let undecodable = "bad.png: not an image FFmpeg can decode (Invalid data found when processing input)"
        for arguments in [["batch", "jobs.jsonl"], ["batch", "jobs.jsonl", "--check"]] {
            let result = try workspace.run(arguments)
            #expect(result.status == 1)
            #expect(Set(result.errorLines.dropLast()) == [
                "failed: jobs.jsonl: line 1: show.yaml: slide 2: missing.png: no such file",
                "failed: jobs.jsonl: line 2: slide 1: missing.png: no such file",
                "failed: jobs.jsonl: line 3: broken.yaml: slide 3: \(undecodable)",
                "failed: jobs.jsonl: line 4: slide 2: \(undecodable)",
                // Two problems on one line, the line's place once (they were lines of their own).
                "failed: jobs.jsonl: line 5: slide 1: missing.png: no such file; slide 2: gone.png: no such file",
            ], "\(arguments): \(result.stderr)")
        }
        #expect(workspace.files == ["a.png", "b.png", "bad.png", "show.yaml", "broken.yaml", "jobs.jsonl"])
    }

    /// Process substitution passes a pipe as /dev/fd/N; relative paths in it start at the
    /// current folder, as a pipe has no folder of its own.
    @Test func jobsCanComeFromProcessSubstitution() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("out"), withIntermediateDirectories: false)
        let job = jobLine("out/piped.mp4")
        let result = try Fliptrans.runShell(#""$FLIPTRANS" batch <(echo '\#(job)') --quiet"#, in: workspace.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.errorLines == ["batch: 1 done, 0 failed, 0 skipped"])
        #expect(try ProbedVideo(path: workspace.path("out/piped.mp4")).frames == 2)
    }

    @Test func anEndlessPipeIsReadOnlyToTheLimit() throws {
        let workspace = try Workspace()
        let result = try Fliptrans.runShell(#"exec "$FLIPTRANS" batch <(yes)"#, in: workspace.url)
        #expect(result.status == 2)
        #expect(result.errorLines.count == 1)
        #expect(result.stderr.hasPrefix("Error: /dev/fd/") && result.stderr.hasSuffix(": a job file is at most 65536 KiB; this file is larger\n"))
    }

    /// Values from the engine's environment are checked, not trusted: a negative or huge index
    /// must not crash the batch (it once overflowed computing the Slurm index).
    @Test(arguments: [
        (["JOB_COMPLETION_INDEX": "-1"], "auto/2", "JOB_COMPLETION_INDEX must be a whole number of at least 0, got '-1'"),
        (["JOB_COMPLETION_INDEX": "-9223372036854775808"], "auto/2",
         "JOB_COMPLETION_INDEX must be a whole number of at least 0, got '-9223372036854775808'"),
        (["JOB_COMPLETION_INDEX": "9223372036854775808"], "auto/2",
         "JOB_COMPLETION_INDEX must be a whole number of at least 0, got '9223372036854775808'"),
        (["SLURM_ARRAY_TASK_ID": "9223372036854775807", "SLURM_ARRAY_TASK_MIN": "-9223372036854775808", "SLURM_ARRAY_TASK_COUNT": "2"], "auto",
         "SLURM_ARRAY_TASK_MIN must be a whole number of at least 0, got '-9223372036854775808'"),
        (["SLURM_ARRAY_TASK_ID": "-9223372036854775808", "SLURM_ARRAY_TASK_COUNT": "2"], "auto",
         "SLURM_ARRAY_TASK_ID must be a whole number of at least 0, got '-9223372036854775808'"),
        // A resubmission or an array from 1 does not tell the count (it took task − first as the
        // index, and rendered shards 0 and 1 for a resubmitted 3 and 5).
        (["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "3", "SLURM_ARRAY_TASK_MAX": "5", "SLURM_ARRAY_TASK_COUNT": "2"], "auto",
         "this Slurm array is not tasks 0 to N − 1 (first 3, last 5, 2 in all), so it does not say how many shards there are; use --shard auto/N, with tasks numbered from 0"),
        (["SLURM_ARRAY_TASK_ID": "8", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "8", "SLURM_ARRAY_TASK_COUNT": "8"], "auto/8",
         "SLURM_ARRAY_TASK_ID 8 is not a shard of 8 (they are numbered 0 to 7, as the tasks must be: --array=0-7)"),
        (["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "-3"], "auto", "SLURM_ARRAY_TASK_COUNT must be a whole number of at least 1, got '-3'"),
        (["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "0"], "auto", "SLURM_ARRAY_TASK_COUNT must be a whole number of at least 1, got '0'"),
        (["AWS_BATCH_JOB_ARRAY_INDEX": "one"], "auto/2", "AWS_BATCH_JOB_ARRAY_INDEX must be a whole number of at least 0, got 'one'"),
    ])
    func hostileEngineVariablesAreRefusedByName(environment: [String: String], shard: String, message: String) throws {
        let workspace = try Workspace()
        try workspace.write("jobs.jsonl", Array(jobLine("x.mp4").utf8))
        let before = workspace.files
        let result = try Fliptrans.run(["batch", "jobs.jsonl", "--shard", shard], in: workspace.url, environment: environment)
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: --shard auto: " + message])
        #expect(workspace.files == before)
    }

    /// JSONSerialization keeps the last of a key given twice; the batch refuses the line instead,
    /// and so the whole file, before rendering anything.
    @Test func aJobLineWithADuplicateKeyFails() throws {
        let workspace = try Workspace()
        let duplicate = #"{"images": ["a.png", "b.png"], "output": "two.mp4", "fps": 10, "duration": 0.2, "f\u0070s": 12}"#
        try workspace.write("jobs.jsonl", Array([jobLine("one.mp4"), "", duplicate].joined(separator: "\n").utf8))
        let result = try workspace.run("batch", "jobs.jsonl", "--quiet")
        #expect(result.status == 2)
        #expect(result.errorLines == ["Error: jobs.jsonl: line 3: duplicate key 'fps'", "batch: 1 bad job line; nothing rendered"])
        #expect(!workspace.files.contains("one.mp4") && !workspace.files.contains("two.mp4"))
    }

    /// `"fps": 10.0` is 10, as JSON writers often put it.
    @Test func integralFloatsAreWholeNumbers() throws {
        let workspace = try Workspace()
        try workspace.write("jobs.jsonl", Array(#"{"images": ["a.png", "b.png"], "output": "one.mp4", "fps": 10.0, "crf": 30.0, "duration": 0.2}"#.utf8))
        let result = try workspace.run("batch", "jobs.jsonl", "--quiet")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try ProbedVideo(path: workspace.path("one.mp4")).frames == 2)
    }
}
