import Foundation
import Testing
import FlipTransCore
@testable import FlipTransMedia

/// `--threads` and its default: the processors the process may use, from its affinity mask
/// (`taskset`) and its control group's CPU quota (a pod's `cpu` limit), read from the folder
/// `FLIPTRANS_CGROUP_ROOT` names. `--stats` says the count a render used.
struct ThreadLimitTests {
    /// Where the fake cgroup folders go, removed with the test.
    let scratch: Workspace

    init() throws { scratch = try Workspace() }

    /// The `threads N` that `--stats` reports for a render run with `environment`, via `launcher`.
    func threads(_ extra: [String] = [], via launcher: [String] = [], environment: [String: String] = [:]) throws -> Int? {
        let workspace = try Workspace()
        let result = try Fliptrans.run(["a.png", "b.png", "-o", "out.mp4", "--duration", "0.2", "--fps", "10", "--stats"] + extra,
                                       in: workspace.url, via: launcher, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return result.errorLines.last?.split(separator: "·").last.flatMap { Int($0.split(separator: " ").last ?? "") }
    }

    /// A fake cgroup folder holding `files`.
    func cgroupRoot(_ files: [String: String]) throws -> String {
        let root = scratch.url.appendingPathComponent("cgroup-\(UUID().uuidString)").path
        for (path, text) in files {
            let file = root + "/" + path
            try FileManager.default.createDirectory(atPath: FilePaths.folder(of: file), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        }
        return root
    }

    @Test func tasksetLimitsTheThreads() throws {
        #expect(try threads(via: ["/usr/bin/taskset", "-c", "0"]) == 1)
        #expect(try threads(["--threads", "3"], via: ["/usr/bin/taskset", "-c", "0"]) == 3)
    }

    @Test func aCgroupQuotaLimitsTheThreads() throws {
        let unlimited = try #require(try threads(environment: [CPULimit.cgroupRootVariable: try cgroupRoot(["cpu.max": "max 100000\n"])]))
        // The processors the affinity mask allows, as Python's os module counts them.
        let affinity = try ExternalTool.run("python3", ["-c", "import os; print(len(os.sched_getaffinity(0)))"], in: scratch.url)
        #expect(unlimited == Int(String(decoding: affinity, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(try threads(environment: [CPULimit.cgroupRootVariable: try cgroupRoot(["cpu.max": "100000 100000\n"])]) == 1)
        #expect(try threads(environment: [CPULimit.cgroupRootVariable: try cgroupRoot(["cpu/cpu.cfs_quota_us": "50000\n", "cpu/cpu.cfs_period_us": "100000\n"])]) == 1)
        #expect(try threads(["--threads", "2"], environment: [CPULimit.cgroupRootVariable: try cgroupRoot(["cpu.max": "100000 100000\n"])]) == 2)
    }

    /// A batch under a one-processor quota runs one job at a time with one thread.
    @Test func aBatchSharesTheQuota() throws {
        let workspace = try Workspace()
        let line = #"{"images": ["a.png", "b.png"], "output": "one.mp4", "duration": 0.2, "fps": 10, "stats": true}"#
        try workspace.write("jobs.jsonl", Array(line.utf8))
        let root = try cgroupRoot(["cpu.max": "150000 100000\n"])
        let result = try Fliptrans.run(["batch", "jobs.jsonl", "--quiet"], in: workspace.url, environment: [CPULimit.cgroupRootVariable: root])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.errorLines.first?.hasSuffix("· threads 2") == true || ProcessInfoCores.affinityCount == 1, "\(result.stderr)")
    }

    @Test func quotasAreReadForTheGroupAndThoseAboveIt() throws {
        let root = try cgroupRoot(["cpu.max": "max 100000", "pods/cpu.max": "250000 100000", "pods/pod1/cpu.max": "max 100000",
                                   "cpu,cpuacct/cpu.cfs_quota_us": "-1", "cpu,cpuacct/cpu.cfs_period_us": "100000"])
        #expect(CPULimit.cgroupQuota(root: root, membership: "0::/pods/pod1\n") == 3)
        #expect(CPULimit.cgroupQuota(root: root, membership: "0::/\n") == nil)
        #expect(CPULimit.cgroupQuota(root: root + "/none", membership: "") == nil)
    }
}
