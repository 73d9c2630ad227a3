import Foundation
import Testing

/// Each batch job runs in a process of its own: a job whose process dies — a crash (SIGSEGV),
/// the kernel's out-of-memory killer (SIGKILL) — is reported, its partial file removed, and the
/// other jobs go on. The jobs here are killed from outside, which to the batch is the same as
/// a crash inside them, and needs no way of crashing built into the program.
struct BatchIsolationTests {
    @Test(arguments: [SIGSEGV, SIGKILL, SIGBUS])
    func aJobThatCrashesEndsOnlyItself(signal: Int32) throws {
        let workspace = try Workspace()
        let short = { (output: String) in #"{"images": ["a.png", "b.png"], "output": "\#(output)", "duration": 0.2, "fps": 10}"# }
        let long = #"{"images": ["a.png", "b.png"], "output": "long.mp4", "size": "640x480", "duration": 60, "preset": "veryslow"}"#
        try workspace.write("jobs.jsonl", Array([short("one.mp4"), long, short("three.mp4")].joined(separator: "\n").utf8))
        let process = try Fliptrans.start(["batch", "jobs.jsonl", "-j", "1"], in: workspace.url)
        #expect(workspace.waitForPartial(of: "long.mp4") != nil, "the long job did not start")
        let jobs = Fliptrans.children(of: process)
        #expect(jobs.count == 1)
        for job in jobs { kill(job, signal) }
        let stderr = String(decoding: (process.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationStatus == 1)
        #expect(stderr.split(separator: "\n") == ["done: one.mp4",
                                                  "failed: jobs.jsonl: line 2: " + (signal == SIGKILL ? "was killed (signal 9: most likely out of memory, or kill -9)" : "crashed (signal \(signal))"),
                                                  "done: three.mp4",
                                                  "batch: 2 done, 1 failed, 0 skipped"])
        #expect(workspace.files == ["a.png", "b.png", "jobs.jsonl", "one.mp4", "three.mp4"])
        #expect(try ProbedVideo(path: workspace.path("three.mp4")).frames == 2)
    }

    /// Workers are started from the running program itself, not from its file: an upgrade that
    /// removes or replaces the file mid-batch made every later worker fail to start ("(deleted):
    /// cannot start a process") or run the other build.
    @Test func workersOutliveTheProgramsFile() throws {
        let workspace = try Workspace()
        let copy = workspace.path("fliptrans-copy")
        try FileManager.default.copyItem(atPath: Fliptrans.executable.path, toPath: copy)
        let short = { (output: String) in #"{"images": ["a.png", "b.png"], "output": "\#(output)", "duration": 0.2, "fps": 10}"# }
        let long = #"{"images": ["a.png", "b.png"], "output": "long.mp4", "size": "640x480", "duration": 60, "preset": "veryslow"}"#
        try workspace.write("jobs.jsonl", Array([long, short("two.mp4")].joined(separator: "\n").utf8))
        let process = try Fliptrans.start(["batch", "jobs.jsonl", "-j", "1"], in: workspace.url, via: [copy], passingExecutable: false)
        #expect(workspace.waitForPartial(of: "long.mp4") != nil, "the long job did not start")
        try FileManager.default.removeItem(atPath: copy)
        for job in Fliptrans.children(of: process) { kill(job, SIGKILL) }
        let stderr = String(decoding: (process.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(stderr.split(separator: "\n") == ["failed: jobs.jsonl: line 1: was killed (signal 9: most likely out of memory, or kill -9)",
                                                  "done: two.mp4",
                                                  "batch: 1 done, 1 failed, 0 skipped"])
        #expect(try ProbedVideo(path: workspace.path("two.mp4")).frames == 2)
    }
}
