import FlipTransCore
import Foundation

/// How many processors this process may keep busy: the processors it may run on
/// (its affinity mask, which `taskset` and Kubernetes' static CPU manager set) and the CPU
/// quota of its control group, if one is set — a pod with `cpu: 2` on a 64-core node may use 2,
/// not 64, whatever its affinity mask says.
///
/// The quota is cgroup v2's `cpu.max` ("200000 100000": 2 processors; "max 100000": none) or
/// v1's `cpu.cfs_quota_us` over `cpu.cfs_period_us` (-1: none), rounded up, read for this
/// process's group (from /proc/self/cgroup) and each group above it, the smallest winning.
/// `FLIPTRANS_CGROUP_ROOT` names another folder to read them from than /sys/fs/cgroup (tests).
public enum CPULimit {
    /// The environment variable naming another folder than /sys/fs/cgroup to read the control
    /// groups' quotas from (for tests).
    public static let cgroupRootVariable = "FLIPTRANS_CGROUP_ROOT"

    /// The threads the renderer, colour conversion and encoder split their work into.
    public static var threads: Int { ProcessInfoCores.active }

    /// The processors this process may use, at least 1.
    public static func current() -> Int {
        let root = ProcessInfo.processInfo.environment[cgroupRootVariable] ?? "/sys/fs/cgroup"
        let quota = cgroupQuota(root: root, membership: (try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8)) ?? "")
        return max(1, min(ProcessInfoCores.affinityCount, quota ?? .max))
    }

    /// Limits this process's renderer, colour conversion and encoder to `threads`.
    public static func limitThreads(to threads: Int) {
        ProcessInfoCores.limit(to: threads)
    }

    /// The smallest quota, in whole processors, of the groups `membership` (the text of
    /// /proc/self/cgroup) places this process in and of the groups above them.
    static func cgroupQuota(root: String, membership: String) -> Int? {
        var quotas: [Int] = []
        for line in membership.split(separator: "\n") {
            // "0::/path" (v2), or "4:cpu,cpuacct:/path" (v1).
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let controllers = fields[1].split(separator: ",")
            if fields[0] == "0", controllers.isEmpty {
                quotas += groups(String(fields[2])).compactMap { v2Quota(in: root + $0) }
            } else if controllers.contains("cpu") {
                quotas += groups(String(fields[2])).compactMap { v1Quota(in: root + "/" + fields[1] + $0) }
            }
        }
        // A root given without /proc/self/cgroup's help (a container's own view) is a group too.
        quotas += [v2Quota(in: root), v1Quota(in: root + "/cpu"), v1Quota(in: root + "/cpu,cpuacct")].compactMap { $0 }
        return quotas.min()
    }

    /// "/a/b" → ["/a/b", "/a", ""]: the group and those above it, as paths under the root.
    private static func groups(_ path: String) -> [String] {
        var parts = path.split(separator: "/").map(String.init)
        var groups: [String] = []
        while !parts.isEmpty {
            groups.append("/" + parts.joined(separator: "/"))
            parts.removeLast()
        }
        return groups + [""]
    }

    private static func v2Quota(in folder: String) -> Int? {
        guard let fields = words(in: folder + "/cpu.max"), fields.count == 2,
              let quota = Double(fields[0]), let period = Double(fields[1]) else { return nil }
        return processors(quota: quota, period: period)
    }

    private static func v1Quota(in folder: String) -> Int? {
        guard let quota = words(in: folder + "/cpu.cfs_quota_us")?.first.flatMap(Double.init),
              let period = words(in: folder + "/cpu.cfs_period_us")?.first.flatMap(Double.init) else { return nil }
        return processors(quota: quota, period: period)
    }

    /// A quota of 1.5 processors keeps 2 busy part of the time; no quota (-1) is nil.
    private static func processors(quota: Double, period: Double) -> Int? {
        guard quota > 0, period > 0 else { return nil }
        return max(1, Int((quota / period).rounded(.up)))
    }

    private static func words(in file: String) -> [String]? {
        (try? String(contentsOfFile: file, encoding: .utf8)).map { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
    }
}
