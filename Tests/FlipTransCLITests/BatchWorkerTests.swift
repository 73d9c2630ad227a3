import Foundation
import Testing

/// A batch runs its jobs on `-j` long-lived worker processes, each running job after job, so a
/// process starts once per worker, not once per job; a job that crashes its worker fails alone,
/// and a new worker runs the jobs after it. Which worker ran a job is read from the `start`
/// events, which name it when FLIPTRANS_BATCH_WORKER_IDS=1.
struct BatchWorkerTests {
    static let namingWorkers = ["FLIPTRANS_BATCH_WORKER_IDS": "1"]

    static func shortJob(_ output: String) -> String {
        #"{"images": ["a.png", "b.png"], "output": "\#(output)", "duration": 0.2, "fps": 10}"#
    }

    /// The worker of each job's `start` event, by line.
    static func workers(_ stdout: String) throws -> [Int: Int32] {
        let starts = try BatchAutomationTests.objects(stdout).filter { $0["event"] as? String == "start" }
        return try Dictionary(uniqueKeysWithValues: starts.map {
            (try #require($0["line"] as? Int), try #require(($0["worker"] as? NSNumber)?.int32Value))
        })
    }

    @Test(arguments: [1, 2])
    func aBatchStartsAtMostOneWorkerPerJobAtOnce(atOnce: Int) throws {
        let workspace = try Workspace()
        try workspace.write("jobs.jsonl", Array((1...6).map { Self.shortJob("\($0).mp4") }.joined(separator: "\n").utf8))
        let result = try Fliptrans.run(["batch", "jobs.jsonl", "-j", String(atOnce), "--progress", "json"], in: workspace.url,
                                       environment: Self.namingWorkers)
        #expect(result.status == 0, "\(result.stderr)")
        let workers = try Self.workers(result.stdout)
        #expect(workers.keys.sorted() == Array(1...6))
        #expect(Set(workers.values).count <= atOnce)
        for job in 1...6 { #expect(try ProbedVideo(path: workspace.path("\(job).mp4")).frames == 2) }
    }

    /// Without the variable, the events are as they always were.
    @Test func workersAreNamedOnlyWhenAskedFor() throws {
        let workspace = try Workspace()
        try workspace.write("jobs.jsonl", Array(Self.shortJob("one.mp4").utf8))
        let result = try workspace.run("batch", "jobs.jsonl", "--progress", "json")
        #expect(result.status == 0, "\(result.stderr)")
        let start = try #require(try BatchAutomationTests.objects(result.stdout).first)
        #expect(start["event"] as? String == "start" && start["worker"] == nil)
    }

    @Test func aJobThatCrashesItsWorkerFailsAloneAndANewWorkerRunsTheRest() throws {
        let workspace = try Workspace()
        let long = #"{"images": ["a.png", "b.png"], "output": "long.mp4", "size": "640x480", "duration": 60, "preset": "veryslow"}"#
        let lines = [Self.shortJob("one.mp4"), long, Self.shortJob("three.mp4"), Self.shortJob("four.mp4")]
        try workspace.write("jobs.jsonl", Array(lines.joined(separator: "\n").utf8))
        let process = try Fliptrans.start(["batch", "jobs.jsonl", "-j", "1", "--progress", "json"], in: workspace.url,
                                          environment: Self.namingWorkers)
        #expect(workspace.waitForPartial(of: "long.mp4") != nil, "the long job did not start")
        let crashed = Fliptrans.children(of: process)
        #expect(crashed.count == 1)
        for worker in crashed { kill(worker, SIGSEGV) }
        let streams = Pipe.readToEnd(process.standardOutput as! Pipe, process.standardError as! Pipe)
        let (stdout, stderr) = (String(decoding: streams.output, as: UTF8.self), String(decoding: streams.errors, as: UTF8.self))
        process.waitUntilExit()

        #expect(process.terminationStatus == 1)
        #expect(stderr.split(separator: "\n") == ["done: one.mp4",
                                                  "failed: jobs.jsonl: line 2: crashed (signal \(SIGSEGV))",
                                                  "done: three.mp4", "done: four.mp4",
                                                  "batch: 3 done, 1 failed, 0 skipped"])
        let workers = try Self.workers(stdout)
        // The first job ran on the worker that crashed; the two after it on one new worker.
        #expect([workers[1], workers[2]] == [crashed.first, crashed.first])
        #expect(workers[3] == workers[4] && workers[3] != workers[2])
        #expect(workspace.files == ["a.png", "b.png", "jobs.jsonl", "one.mp4", "three.mp4", "four.mp4"])
        #expect(try ProbedVideo(path: workspace.path("four.mp4")).frames == 2)
    }

    /// The batch killed outright (SIGKILL, or the kernel out of memory) passes no signal on: its
    /// worker, finding its requests' pipe closed, stops as a signal would stop it, removing its
    /// partial file, instead of rendering on for no one.
    @Test func aWorkerStopsWhenItsBatchIsKilled() throws {
        let workspace = try Workspace()
        let long = #"{"images": ["a.png", "b.png"], "output": "long.mp4", "size": "640x480", "duration": 60, "preset": "veryslow"}"#
        try workspace.write("jobs.jsonl", Array(long.utf8))
        let process = try Fliptrans.start(["batch", "jobs.jsonl", "-j", "1"], in: workspace.url)
        #expect(workspace.waitForPartial(of: "long.mp4") != nil, "the job did not start")
        let workers = Fliptrans.children(of: process)
        #expect(workers.count == 1)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        // Gone, or a zombie left to whoever reaps orphans here.
        func running(_ worker: pid_t) -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(worker)/stat", encoding: .utf8) else { return false }
            return !stat.contains(") Z ")
        }
        let deadline = Date().addingTimeInterval(60)
        while workers.contains(where: running), Date() < deadline { usleep(50_000) }
        #expect(!workers.contains(where: running), "the worker renders on")
        #expect(workspace.files == ["a.png", "b.png", "jobs.jsonl"])
    }

    /// At a batch's normal end its workers end with status 0: the pipe closing between jobs is
    /// the batch done, not killed (each ended by its own SIGTERM, 143, which a wrapper such as
    /// srun records as a failed step).
    @Test func workersEndWithZeroWhenTheBatchIsDone() throws {
        let workspace = try Workspace()
        try workspace.write("worker.sh", Array("#!/bin/sh\n\"$@\"\necho $? >> \(workspace.path("statuses.txt"))\n".utf8))
        #expect(chmod(workspace.path("worker.sh"), 0o755) == 0)
        try workspace.write("jobs.jsonl", Array((1...4).map { Self.shortJob("\($0).mp4") }.joined(separator: "\n").utf8))
        let result = try Fliptrans.run(["batch", "jobs.jsonl", "-j", "2", "--quiet"], in: workspace.url,
                                       environment: ["FLIPTRANS_BATCH_WORKER_WRAPPER": workspace.path("worker.sh")])
        #expect(result.status == 0, "\(result.stderr)")
        let statuses = try String(contentsOfFile: workspace.path("statuses.txt"), encoding: .utf8).split(separator: "\n")
        #expect(!statuses.isEmpty && statuses.allSatisfy { $0 == "0" }, "\(statuses)")
    }

    /// Jobs run one after another in one worker — a transition, a GIF, a failing job, a
    /// slideshow, another transition — write the very bytes separate runs of the same commands
    /// write, in MP4, GIF and WebM.
    @Test func aWorkersOutputsAreByteForByteThoseOfSeparateRuns() throws {
        let workspace = try Workspace()
        let lines = [
            #"{"images": ["a.png", "b.png"], "output": "flip.mp4", "duration": 0.3, "fps": 10, "threads": 1}"#,
            #"{"images": ["b.png", "a.png"], "output": "page.gif", "transition": "page", "duration": 0.3, "fps": 10, "threads": 1}"#,
            #"{"images": ["a.png", "missing.png"], "output": "failed.mp4", "threads": 1}"#,
            #"{"slides": ["a.png", {"image": "b.png", "transition": "fold"}], "output": "show.mp4", "hold": 0.2, "duration": 0.3, "fps": 10, "threads": 1}"#,
            #"{"images": ["a.png", "b.png"], "output": "clock.webm", "transition": "clock", "duration": 0.3, "fps": 10, "threads": 1}"#,
        ]
        try workspace.write("jobs.jsonl", Array(lines.joined(separator: "\n").utf8))
        // The slideshow of line 4 as a spec of its own.
        try workspace.write("show.yaml", Array(#"{"slides": ["a.png", {"image": "b.png", "transition": "fold"}], "hold": 0.2, "duration": 0.3, "fps": 10}"#.utf8))
        let batch = try Fliptrans.run(["batch", "jobs.jsonl", "-j", "1", "--progress", "json"], in: workspace.url,
                                      environment: Self.namingWorkers)
        #expect(batch.status == 1)
        #expect(Set(try Self.workers(batch.stdout).values).count == 1)

        let separate: [(String, [String])] = [
            ("flip.mp4", ["a.png", "b.png", "--duration", "0.3", "--fps", "10"]),
            ("page.gif", ["b.png", "a.png", "--transition", "page", "--duration", "0.3", "--fps", "10"]),
            ("show.mp4", ["slideshow", "--spec", "show.yaml"]),
            ("clock.webm", ["a.png", "b.png", "--transition", "clock", "--duration", "0.3", "--fps", "10"]),
        ]
        for (output, arguments) in separate {
            let run = try workspace.run(arguments + ["-o", "separate-\(output)", "--threads", "1", "--quiet"])
            #expect(run.status == 0, "\(run.stderr)")
            let fromBatch = try Data(contentsOf: URL(fileURLWithPath: workspace.path(output)))
            #expect(fromBatch == (try Data(contentsOf: URL(fileURLWithPath: workspace.path("separate-\(output)")))), "\(output)")
            #expect(fromBatch.count > 1000)
        }
    }
}
