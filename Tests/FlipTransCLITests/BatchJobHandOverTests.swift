import Foundation
import Testing

/// A worker that ends after reading a job but before acknowledging it (the instant the batch
/// cannot see) has done nothing of it: the job goes to a new worker and succeeds. A job that
/// every worker dies on before taking it fails after three, with a line that says so, and the
/// batch goes on. The workers are started through FLIPTRANS_BATCH_WORKER_WRAPPER, a script that
/// makes the first `count` of them read a job and end there.
struct BatchJobHandOverTests {
    /// Writes the wrapper: the first `count` workers read a request, write their process id to
    /// `died-N`, and end with `ending`; the later ones run the real worker.
    static func dyingWorkers(_ count: Int, ending: String, in workspace: Workspace) throws -> [String: String] {
        let script = """
            #!/bin/sh
            for n in \((1...count).map(String.init).joined(separator: " ")); do
                if mkdir "\(workspace.path("died"))-$n" 2>/dev/null; then
                    read -r line
                    echo $$ > "\(workspace.path("died"))-$n/pid"
                    \(ending)
                fi
            done
            exec "$@"
            """
        try workspace.write("worker.sh", Array(script.utf8))
        chmod(workspace.path("worker.sh"), 0o755)
        return ["FLIPTRANS_BATCH_WORKER_WRAPPER": workspace.path("worker.sh"), "FLIPTRANS_BATCH_WORKER_IDS": "1"]
    }

    static func diedWorkers(_ count: Int, in workspace: Workspace) throws -> [Int32] {
        try (1...count).map { n in
            try #require(Int32(try String(contentsOfFile: workspace.path("died-\(n)/pid"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        }
    }

    @Test(arguments: ["kill -KILL $$", "exit 0"])
    func aJobItsWorkerDiedOnBeforeTakingItGoesToANewWorker(ending: String) throws {
        let workspace = try Workspace()
        let environment = try Self.dyingWorkers(1, ending: ending, in: workspace)
        try workspace.write("jobs.jsonl", Array([BatchWorkerTests.shortJob("one.mp4"), BatchWorkerTests.shortJob("two.mp4")].joined(separator: "\n").utf8))
        let result = try Fliptrans.run(["batch", "jobs.jsonl", "-j", "1", "--progress", "json", "--report", "report.jsonl"], in: workspace.url,
                                       environment: environment)

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.errorLines == ["done: one.mp4", "done: two.mp4", "batch: 2 done, 0 failed, 0 skipped"])
        let events = try BatchAutomationTests.objects(result.stdout)
        let died = try Self.diedWorkers(1, in: workspace)
        // Each job started once, on the worker that took it, not the one that died.
        let starts = events.filter { $0["event"] as? String == "start" }
        #expect(starts.map { $0["line"] as? Int } == [1, 2])
        let workers = try BatchWorkerTests.workers(result.stdout)
        #expect(workers[1] == workers[2] && !died.contains(workers[1]!))
        let ends = events.filter { $0["event"] as? String == "end" }
        #expect(ends.map { $0["status"] as? String } == ["done", "done"])
        #expect(ends.map { $0["frames"] as? Int } == [2, 2])
        let report = try BatchAutomationTests.objects(try String(contentsOfFile: workspace.path("report.jsonl"), encoding: .utf8))
        #expect(report.map { $0["status"] as? String } == ["done", "done"])
        for output in ["one.mp4", "two.mp4"] { #expect(try ProbedVideo(path: workspace.path(output)).frames == 2) }
    }

    @Test func aJobEveryWorkerDiesOnBeforeTakingItFailsAndTheBatchGoesOn() throws {
        let workspace = try Workspace()
        let environment = try Self.dyingWorkers(3, ending: "kill -KILL $$", in: workspace)
        try workspace.write("jobs.jsonl", Array([BatchWorkerTests.shortJob("one.mp4"), BatchWorkerTests.shortJob("two.mp4")].joined(separator: "\n").utf8))
        let result = try Fliptrans.run(["batch", "jobs.jsonl", "-j", "1", "--progress", "json"], in: workspace.url, environment: environment)

        #expect(result.status == 1)
        let failure = "jobs.jsonl: line 1: 3 worker processes in a row ended before taking the job (the last was killed (signal 9: most likely out of memory, or kill -9))"
        #expect(result.errorLines == ["failed: \(failure)", "done: two.mp4", "batch: 1 done, 1 failed, 0 skipped"])
        let events = try BatchAutomationTests.objects(result.stdout)
        // The job no worker took never started.
        let kinds = events.map { "\($0["event"]!) \($0["line"] ?? "")" }.filter { !$0.hasPrefix("progress") }
        #expect(kinds == ["end 1", "start 2", "end 2", "summary "])
        #expect(events[0]["status"] as? String == "failed" && events[0]["error"] as? String == failure)
        #expect(Set(try Self.diedWorkers(3, in: workspace)).count == 3)
        #expect(workspace.files == ["a.png", "b.png", "jobs.jsonl", "worker.sh", "died-1", "died-2", "died-3", "two.mp4"])
        #expect(try ProbedVideo(path: workspace.path("two.mp4")).frames == 2)
    }

    /// The wrapper itself: one that cannot be started fails each job with the system's reason.
    @Test func aWrapperThatCannotStartFailsEachJobSayingWhy() throws {
        let workspace = try Workspace()
        try workspace.write("jobs.jsonl", Array([BatchWorkerTests.shortJob("one.mp4"), BatchWorkerTests.shortJob("two.mp4")].joined(separator: "\n").utf8))
        let missing = workspace.path("no-such-wrapper")
        let result = try Fliptrans.run(["batch", "jobs.jsonl", "-j", "1"], in: workspace.url, environment: ["FLIPTRANS_BATCH_WORKER_WRAPPER": missing])
        #expect(result.status == 1)
        #expect(result.errorLines == ["failed: jobs.jsonl: line 1: \(missing): cannot start a process (No such file or directory)",
                                      "failed: jobs.jsonl: line 2: \(missing): cannot start a process (No such file or directory)",
                                      "batch: 0 done, 2 failed, 0 skipped"])
        #expect(workspace.files == ["a.png", "b.png", "jobs.jsonl"])
    }
}
