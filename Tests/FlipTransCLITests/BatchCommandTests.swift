import Foundation
import Testing

struct BatchCommandTests {
    func jobLine(_ output: String, first: String = "a.png") -> String {
        #"{"images": ["\#(first)", "b.png"], "output": "\#(output)", "duration": 0.2, "fps": 10}"#
    }

    @Test func aFailingJobDoesNotStopTheOthers() throws {
        let workspace = try Workspace()
        try workspace.write("jobs.jsonl", Array([jobLine("one.mp4"), "", jobLine("two.mp4", first: "missing.png"),
                                                 "# a comment", jobLine("three.webm")].joined(separator: "\n").utf8))
        let result = try workspace.run("batch", "jobs.jsonl")
        #expect(result.status != 0)
        #expect(workspace.files.isSuperset(of: ["one.mp4", "three.webm"]) && !workspace.files.contains("two.mp4"))
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
        (["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"], "auto", ["job2.mp4"]),
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

    @Test func autoShardWithoutAnEngineIsAnError() throws {
        let workspace = try Workspace()
        try workspace.write("jobs.jsonl", Array(jobLine("x.mp4").utf8))
        let result = try Fliptrans.run(["batch", "jobs.jsonl", "--shard", "auto"], in: workspace.url, environment: [:])
        #expect(result.status != 0)
        #expect(result.errorLines == ["Error: --shard auto: none of JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID or AWS_BATCH_JOB_ARRAY_INDEX is set"])
    }

    @Test(arguments: [
        ("missing.jsonl", "Error: missing.jsonl: cannot read the job file (No such file or directory)"),
        ("/dev/zero", "Error: /dev/zero: a job file is at most 65536 KiB; this file is larger"),
        ("latin1.jsonl", "Error: latin1.jsonl: the job file is not UTF-8 text"),
    ])
    func anUnreadableJobFileIsOneLineAndWritesNothing(path: String, message: String) throws {
        let workspace = try Workspace()
        try workspace.write("latin1.jsonl", [0x7B, 0xE9, 0x7D])
        let before = workspace.files
        let result = try workspace.run("batch", path)
        #expect(result.status == 1)
        #expect(result.errorLines == [message])
        #expect(workspace.files == before)
    }

    @Test func jobsCanComeFromAPipe() throws {
        let workspace = try Workspace()
        let fifo = workspace.path("jobs.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let job = Data(jobLine("piped.mp4").utf8)
        let writer = Thread {
            let handle = FileHandle(forWritingAtPath: fifo)!
            handle.write(job)
            try? handle.close()
        }
        writer.start()
        let result = try workspace.run("batch", "jobs.fifo", "--quiet")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(workspace.files.contains("piped.mp4"))
    }
}
