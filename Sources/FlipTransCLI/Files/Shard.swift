import Foundation

/// Which share of a job file this process renders: the jobs whose index i satisfies
/// i mod count = index. `auto` reads the index (and, where the engine provides it, the count)
/// from the environment of Kubernetes Indexed Jobs, Slurm job arrays or AWS Batch array jobs:
/// the engine's task number is the shard's index, so a resubmission of some tasks (a Slurm
/// `--array=3,5`) renders those shards again.
struct Shard: Equatable {
    let index: Int
    let count: Int

    static let everything = Shard(index: 0, count: 1)

    func includes(_ job: Int) -> Bool { job % count == index }

    /// `I/N`, `auto` or `auto/N`.
    init(_ text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let usage = "--shard: expected I/N (0 ≤ I < N), auto or auto/N, got '\(text)'"
        guard (1...2).contains(parts.count) else { throw CLIError(usage) }
        let count: Int?
        if parts.count == 2 {
            guard let n = Int(parts[1]), n > 0 else { throw CLIError(usage) }
            count = n
        } else {
            count = nil
        }
        if parts[0] == "auto" {
            let found = try Self.fromEnvironment(ProcessInfo.processInfo.environment)
            guard let total = count ?? found.count else {
                throw CLIError("--shard auto: \(found.withoutCount ?? "this environment does not say how many shards there are"); use --shard auto/N, with tasks numbered from 0")
            }
            self.init(index: found.index, count: total)
            guard index < total else {
                let slurm = found.variable == "SLURM_ARRAY_TASK_ID" ? ": --array=0-\(total - 1)" : ""
                throw CLIError("--shard auto: \(found.variable) \(index) is not a shard of \(total) (they are numbered 0 to \(total - 1), as the tasks must be\(slurm))")
            }
        } else {
            guard let i = Int(parts[0]), let count else { throw CLIError(usage) }
            self.init(index: i, count: count)
        }
        guard (0..<self.count).contains(index) else {
            throw CLIError("--shard: index \(index) of \(self.count) shards must be between 0 and \(self.count - 1) (shards are numbered from 0), got '\(text)'")
        }
    }

    private init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// The index, the count if the engine tells it, the variable the index came from, and why the
    /// count is not told where that needs saying.
    private static func fromEnvironment(_ environment: [String: String]) throws -> (index: Int, count: Int?, variable: String, withoutCount: String?) {
        /// The variable's value if it is set: a whole number of at least `least`, else an error naming it.
        func number(_ name: String, least: Int) throws -> Int? {
            guard let text = environment[name] else { return nil }
            guard let value = Int(text), value >= least else {
                throw CLIError("--shard auto: \(name) must be a whole number of at least \(least), got '\(text)'")
            }
            return value
        }
        if let index = try number("JOB_COMPLETION_INDEX", least: 0) { return (index, nil, "JOB_COMPLETION_INDEX", nil) }
        if let task = try number("SLURM_ARRAY_TASK_ID", least: 0) {
            // The array's size is the shards' count only when its tasks are 0 … size − 1: a
            // resubmission (--array=3,5), an array from 1 or a stepped one says nothing of it.
            let first = try number("SLURM_ARRAY_TASK_MIN", least: 0), last = try number("SLURM_ARRAY_TASK_MAX", least: 0)
            let size = try number("SLURM_ARRAY_TASK_COUNT", least: 1)
            guard let size, first == 0, last == size - 1 else {
                let tasks = [first.map { "first \($0)" }, last.map { "last \($0)" }, size.map { "\($0) in all" }].compactMap { $0 }
                return (task, nil, "SLURM_ARRAY_TASK_ID", "this Slurm array is not tasks 0 to N − 1 (\(tasks.isEmpty ? "task \(task)" : tasks.joined(separator: ", "))), so it does not say how many shards there are")
            }
            return (task, size, "SLURM_ARRAY_TASK_ID", nil)
        }
        if let index = try number("AWS_BATCH_JOB_ARRAY_INDEX", least: 0) { return (index, nil, "AWS_BATCH_JOB_ARRAY_INDEX", nil) }
        throw CLIError("--shard auto: none of JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID or AWS_BATCH_JOB_ARRAY_INDEX is set")
    }
}
