import Foundation
import Testing

/// Standard output or error that cannot be written — a full disk, a reader that went away, a
/// stream closed by the shell — never crashes the program or kills it with SIGPIPE. Progress
/// that cannot be written stops the render (exit status 1, no partial file); other lines on
/// stderr are lost and the work goes on.
struct StandardStreamTests {
    static let shortRender = #""$FLIPTRANS" a.png b.png -o out.mp4 --duration 0.5 --fps 10"#

    /// A stdout closed from the start is refused before any work; a full one stops the render
    /// at the first report.
    @Test(arguments: [(">/dev/full", "stdout: cannot write the progress (No space left on device)"),
                      (">&-", "stdout: closed, so the reports of --progress json would be lost")])
    func jsonProgressThatCannotBeWrittenStopsTheRender(redirection: String, error: String) throws {
        let workspace = try Workspace()
        let before = workspace.files
        let result = try Fliptrans.runShell(Self.shortRender + " --progress json " + redirection, in: workspace.url)
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: \(error)"])
        #expect(workspace.files == before)
    }

    /// `-o -` on a closed stdout wrote the whole video into /dev/null, held open in its place,
    /// and exited 0; on a terminal it garbled it with binary data.
    @Test func videoIsNotWrittenToAClosedStandardOutputNorToATerminal() throws {
        let workspace = try Workspace()
        let before = workspace.files
        let stream = #""$FLIPTRANS" a.png b.png -o - --duration 0.5 --fps 10"#
        let closed = try Fliptrans.runShell(stream + " >&-", in: workspace.url)
        #expect(closed.status == 1)
        #expect(closed.errorLines == ["Error: -: standard output is closed"])
        // `script` runs the command on a terminal of its own and passes on its exit status.
        let terminal = try Fliptrans.runShell("script -qec '" + stream + "' /dev/null", in: workspace.url)
        #expect(terminal.status == 1)
        #expect(terminal.stdout.contains("Error: -: standard output is a terminal; pipe it into a program (-o - | ffmpeg -i - …) or give -o FILE"))
        #expect(!terminal.stdout.contains("YUV4MPEG2"))
        #expect(workspace.files == before)
    }

    /// `-o -` on a standard output opened on an input (`1<> a.png`, `>> a.png`) wrote the
    /// stream into it; so did `-o` naming the spec or the touch trace that describes the render,
    /// and `--progress json` its reports.
    @Test func noInputIsOverwrittenThroughStandardOutputOrAsTheSpecOrTrace() throws {
        let workspace = try Workspace()
        try workspace.write("trace.csv", Array("t,x,y\n0,150,60\n0.1,100,60\n0.2,40,60\n".utf8))
        try workspace.write("other.csv", Array("t,x,y\n0,150,60\n0.1,100,60\n0.2,40,60\n".utf8))
        try workspace.write("show.yaml", Array("slides: [a.png, {image: b.png, gesture-file: trace.csv}]\nhold: 0.1\n".utf8))
        let before = try workspace.snapshot()
        for (command, error) in [
            (#""$FLIPTRANS" a.png b.png -o - 1<> b.png"#, "-: standard output is the file 'b.png', an input; refusing to overwrite an input"),
            (#""$FLIPTRANS" a.png b.png -o - >> a.png"#, "-: standard output is the file 'a.png', an input; refusing to overwrite an input"),
            (#""$FLIPTRANS" a.png b.png --gesture-file trace.csv -o trace.csv --format mp4"#, "trace.csv: output is the same file as input 'trace.csv'; refusing to overwrite an input"),
            (#""$FLIPTRANS" slideshow --spec show.yaml -o show.yaml --format mp4"#, "show.yaml: output is the same file as input 'show.yaml'; refusing to overwrite an input"),
            (#""$FLIPTRANS" slideshow --spec show.yaml -o trace.csv --format mp4"#, "trace.csv: output is the same file as input 'trace.csv'; refusing to overwrite an input"),
            // Read through standard input, or given beside the spec.
            (#""$FLIPTRANS" slideshow --spec - -o show.yaml --format mp4 < show.yaml"#, "show.yaml: output is the same file as input '/dev/stdin'; refusing to overwrite an input"),
            (#""$FLIPTRANS" a.png b.png --gesture-file - -o trace.csv --format mp4 < trace.csv"#, "trace.csv: output is the same file as input '/dev/stdin'; refusing to overwrite an input"),
            (#""$FLIPTRANS" slideshow --spec show.yaml --gesture-file other.csv -o other.csv --format mp4"#, "other.csv: output is the same file as input 'other.csv'; refusing to overwrite an input"),
            // JSON progress on a standard output appended to an input (it wrote its reports into it).
            (#""$FLIPTRANS" a.png b.png -o out.mp4 --progress json >> b.png"#, "stdout is the file 'b.png', an input; --progress json would write its reports into it"),
            (#""$FLIPTRANS" slideshow --spec show.yaml -o out.mp4 --progress json >> trace.csv"#, "stdout is the file 'trace.csv', an input; --progress json would write its reports into it"),
            (#"echo '{"images": ["a.png", "b.png"], "output": "out.mp4"}' > jobs.jsonl; "$FLIPTRANS" batch jobs.jsonl --progress json >> jobs.jsonl"#,
             "stdout is the file 'jobs.jsonl', an input; --progress json would write its reports into it"),
            (#"echo '{"images": ["a.png", "b.png"], "output": "out.mp4"}' > jobs.jsonl; "$FLIPTRANS" batch jobs.jsonl --progress json >> b.png"#,
             "stdout is an input of line 1 ('\(workspace.path("b.png"))'); --progress json would write its events into it"),
        ] {
            let result = try Fliptrans.runShell(command, in: workspace.url)
            #expect(result.status == 1, "\(command)")
            #expect(result.errorLines == ["Error: \(error)"])
        }
        try FileManager.default.removeItem(atPath: workspace.path("jobs.jsonl"))
        #expect(try workspace.snapshot() == before)
    }

    /// A batch whose JSON events, or report, cannot be written goes on with its jobs (their
    /// outputs are files) and then fails, saying so when the first write fails: it exited 0
    /// with the events lost, and then said so only after the last job.
    /// (The JSON events begin with the job's start; the report holds its end.)
    @Test(arguments: [("--progress json >/dev/full", ["Error: stdout: cannot write the JSON events (No space left on device)", "done: one.mp4"]),
                      ("--report /dev/full", ["done: one.mp4", "Error: --report /dev/full: cannot write the report (No space left on device)"])])
    func batchEventsThatCannotBeWrittenFailTheBatch(options: String, lines: [String]) throws {
        let workspace = try Workspace()
        try workspace.write("jobs.jsonl", Array(#"{"images": ["a.png", "b.png"], "output": "one.mp4", "duration": 0.2, "fps": 10}"#.utf8))
        let result = try Fliptrans.runShell(#""$FLIPTRANS" batch jobs.jsonl "# + options, in: workspace.url)
        #expect(result.status == 1)
        #expect(result.errorLines == lines + ["batch: 1 done, 0 failed, 0 skipped"])
        #expect(try ProbedVideo(path: workspace.path("one.mp4")).frames == 2)
    }

    /// Closed from the start, stdout for a batch's JSON events, and stdin for its jobs, are
    /// refused before any job runs (they rendered every job, and read as an empty job file).
    @Test func aBatchRefusesClosedStreamsFirst() throws {
        let workspace = try Workspace()
        try workspace.write("jobs.jsonl", Array(#"{"images": ["a.png", "b.png"], "output": "one.mp4", "duration": 0.2, "fps": 10}"#.utf8))
        let events = try Fliptrans.runShell(#""$FLIPTRANS" batch jobs.jsonl --progress json >&-"#, in: workspace.url)
        #expect(events.status == 1 && events.errorLines == ["Error: stdout: closed, so the reports of --progress json would be lost"])
        let jobs = try Fliptrans.runShell(#""$FLIPTRANS" batch - <&-"#, in: workspace.url)
        #expect(jobs.status == 2 && jobs.errorLines == ["Error: -: standard input is closed; give the job file as a file, or pipe it in"])
        #expect(workspace.files == ["a.png", "b.png", "jobs.jsonl"])
    }

    /// The list of transitions, and a completion script, that cannot be written fail saying so:
    /// the list exited 0 into a full disk, and the script's error read `StreamWriteError(…)`.
    @Test(arguments: [["transitions"], ["transitions", "--styles"], ["--generate-completion-script", "bash"]])
    func listsThatCannotBeWrittenFail(arguments: [String]) throws {
        let workspace = try Workspace()
        let result = try Fliptrans.runShell(#""$FLIPTRANS" "# + arguments.joined(separator: " ") + " >/dev/full", in: workspace.url)
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: stdout: cannot write (No space left on device)"])
    }

    /// On a terminal, Ctrl-C ends the progress bar's line: the shell's prompt followed the bar.
    @Test func ctrlCEndsTheProgressBarsLine() throws {
        let workspace = try Workspace()
        // A long render stopped by SIGINT on a terminal of its own (`script`).
        let render = #""$FLIPTRANS" "# + (Workspace.longRender + ["-o", "long.mp4"]).joined(separator: " ")
        let stopped = try Fliptrans.runShell("script -qec 'timeout -s INT 2 " + render + "' /dev/null", in: workspace.url)
        #expect(stopped.stdout.contains(" frames "), "the bar was drawn: \(stopped.stdout)")
        // The terminal writes "\r\n", one Character: its bytes are compared.
        #expect(stopped.stdout.utf8.last == UInt8(ascii: "\n"), "\(stopped.stdout.suffix(120))")
        #expect(!workspace.files.contains("long.mp4"))
    }

    /// On a terminal, a render that fails midway is named on a line of its own, not after the
    /// progress bar's last report: here a write past the file size limit (`ulimit -f`, 4 MiB:
    /// about 9 of the raw 640x480 frames).
    @Test func anErrorMidwayFollowsTheProgressBarOnItsOwnLine() throws {
        let workspace = try Workspace()
        try workspace.write("show.sh", Array(#"""
            trap "" XFSZ
            ulimit -f 4096
            "$FLIPTRANS" slideshow a.png b.png a.png --hold 2 --duration 0.5 --fps 10 --size 640x480 -o show.y4m
            """#.utf8))
        let result = try Fliptrans.runShell("script -qec 'bash show.sh' /dev/null", in: workspace.url)
        // The bar's reports each start with "\r", the terminal's lines end with "\r\n".
        let lines = result.stdout.split(whereSeparator: \.isNewline)
        #expect(lines.contains { $0.contains(" frames ") }, "the bar was drawn: \(result.stdout)")
        #expect(lines.contains { $0 == "Error: show.y4m: cannot write to the output file (File too large)" }, "\(result.stdout)")
        #expect(!workspace.files.contains("show.y4m"))
    }

    /// `| head -1`: head exits after the first line, and the next line finds no reader.
    @Test func jsonProgressToAReaderThatLeftStopsTheRender() throws {
        let workspace = try Workspace()
        let before = workspace.files
        let render = #""$FLIPTRANS" "# + (Workspace.longRender + ["-o", "long.mp4"]).joined(separator: " ")
        let result = try Fliptrans.runShell(render + #" --progress json | head -1; exit "${PIPESTATUS[0]}""#, in: workspace.url)
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: stdout: cannot write the progress (Broken pipe)"])
        #expect(result.stdout.hasPrefix(#"{"frame":1,"#) && result.stdout.split(separator: "\n").count == 1)
        #expect(workspace.files == before)
    }

    @Test func progressBarOnAClosedStderrStopsTheRender() throws {
        let workspace = try Workspace()
        let before = workspace.files
        let result = try Fliptrans.runShell(Self.shortRender + " --progress bar 2>&-", in: workspace.url)
        #expect(result.status == 1)
        #expect(workspace.files == before)
    }

    /// A warning (the odd size is rounded down) is lost on a closed stderr, and nothing the
    /// program opens takes stderr's place: the video is whole.
    @Test func warningsOnAClosedStderrAreLostAndTheRenderGoesOn() throws {
        let workspace = try Workspace()
        let result = try Fliptrans.runShell(Self.shortRender + " --size 63x48 2>&-", in: workspace.url)
        #expect(result.status == 0)
        #expect(workspace.files == ["a.png", "b.png", "out.mp4"])
        let video = try ProbedVideo(path: workspace.path("out.mp4"))
        #expect(video.width == 62 && video.height == 48 && video.frames == 5)
    }

    @Test func aBatchOnAClosedStderrRendersEveryJob() throws {
        let workspace = try Workspace()
        let jobs = ["one.mp4", "two.mp4"].map { #"{"images": ["a.png", "b.png"], "output": "\#($0)", "duration": 0.2, "fps": 10}"# }
        try workspace.write("jobs.jsonl", Array(jobs.joined(separator: "\n").utf8))
        let result = try Fliptrans.runShell(#""$FLIPTRANS" batch jobs.jsonl 2>&-"#, in: workspace.url)
        #expect(result.status == 0)
        #expect(workspace.files == ["a.png", "b.png", "jobs.jsonl", "one.mp4", "two.mp4"])
    }
}
