import Foundation
import Testing

/// `--skip-existing` of the commands that write one output: a script run again renders nothing
/// where an earlier run finished (they replaced every output, and only `batch` could skip).
struct SkipExistingTests {
    static let short = ["--duration", "0.2", "--fps", "10", "--size", "64x48"]

    /// Each command leaves an output that is there, byte for byte, with a note (none when quiet),
    /// and writes one that is not.
    @Test(arguments: [(["a.png", "b.png"] + short, "out.mp4"), (["a.png", "b.png"] + short, "f%02d.png"),
                      (["slideshow", "a.png", "b.png"] + short, "show.webm"), (["still", "a.png", "b.png", "--at", "0.5"], "still.png"),
                      (["sheet", "a.png", "b.png", "--frames", "2"], "sheet.png")])
    func anOutputThatIsThereIsLeftAsItIs(arguments: [String], output: String) throws {
        let workspace = try Workspace()
        let first = try workspace.run(arguments + ["-o", output, "--skip-existing"])
        #expect(first.status == 0 && !first.stderr.contains("note:"), "\(first.stderr)")
        // A sequence (two frames) is there when its last frame is: frames are moved into place in order.
        let finished = output.contains("%") ? "f02.png" : output
        let written = try Data(contentsOf: URL(fileURLWithPath: workspace.path(finished)))
        try Data("an earlier run's".utf8).write(to: URL(fileURLWithPath: workspace.path(finished)))
        let again = try workspace.run(arguments + ["-o", output, "--skip-existing"])
        #expect(again.status == 0)
        #expect(again.errorLines == ["note: \(output): already there; nothing rendered (--skip-existing)"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: workspace.path(finished))) == Data("an earlier run's".utf8))
        let quiet = try workspace.run(arguments + ["-o", output, "--skip-existing", "-q"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
        // Without the option, the output is replaced.
        let replaced = try workspace.run(arguments + ["-o", output])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: workspace.path(finished))) == written)
    }

    /// What no render leaves is no finished output: a folder, a FIFO or an empty file in its
    /// place, or an input, is not skipped (exit 0, nothing said) but refused as without the option.
    @Test func onlyAFileWithSomethingInItIsAFinishedOutput() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("folder.mp4"), withIntermediateDirectories: false)
        #expect(mkfifo(workspace.path("fifo.mp4"), 0o600) == 0)
        try workspace.write("empty.mp4", [])
        try FileManager.default.linkItem(atPath: workspace.path("a.png"), toPath: workspace.path("a.apng"))
        for (output, error) in [("folder.mp4", "folder.mp4: is a directory; give a file's name in it"),
                                ("fifo.mp4", "fifo.mp4: is a FIFO, not a file; write a file, or a stream to standard output with -o -"),
                                ("a.apng", "a.apng: output is the same file as input 'a.png'; refusing to overwrite an input")] {
            let result = try workspace.run(["a.png", "b.png", "-o", output, "--skip-existing"] + Self.short)
            #expect(result.status == 1 && result.errorLines == ["Error: \(error)"], "\(result.stderr)")
            try workspace.write("jobs.jsonl", Array(#"{"images": ["a.png", "b.png"], "output": "\#(output)", "duration": 0.2, "fps": 10}"#.utf8))
            for check in [[], ["--check"]] {
                let batch = try workspace.run(["batch", "jobs.jsonl", "--skip-existing"] + check)
                #expect(batch.status != 0 && batch.errorLines.first?.hasSuffix(error) == true, "\(batch.stderr)")
            }
        }
        let empty = try workspace.run(["a.png", "b.png", "-o", "empty.mp4", "--skip-existing"] + Self.short)
        #expect(empty.status == 0 && empty.stderr.isEmpty, "\(empty.stderr)")
        #expect(try ProbedVideo(path: workspace.path("empty.mp4")).frames == 2)
    }

    /// Standard output is never there; a job line cannot skip itself (the batch's own option does).
    @Test func standardOutputAndJobLinesAreRefused() throws {
        let workspace = try Workspace()
        let stream = try workspace.run(["a.png", "b.png", "-o", "-", "--format", "y4m", "--skip-existing"] + Self.short)
        #expect(stream.status != 0)
        #expect(stream.errorLines.first == "Error: --skip-existing needs an output file: standard output is never already there")
        try workspace.write("jobs.jsonl", Array(#"{"images": ["a.png", "b.png"], "output": "j.mp4", "skip-existing": true}"#.utf8))
        let batch = try workspace.run("batch", "jobs.jsonl")
        #expect(batch.status == 2)
        #expect(batch.errorLines.first == "Error: jobs.jsonl: line 1: key 'skip-existing' is the batch's option, for every job: fliptrans batch --skip-existing")
    }
}
