import Foundation

/// Which share of a job file this process renders: the jobs whose index i satisfies
/// i mod count = index. `auto` reads the index (and, where the engine provides it, the count)
/// from the environment of Kubernetes Indexed Jobs, Slurm job arrays or AWS Batch array jobs.
struct Shard: Equatable {
    let index: Int
    let count: Int

    static let everything = Shard(index: 0, count: 1)

    func includes(_ job: Int) -> Bool { job % count == index }

    /// `I/N`, `auto` or `auto/N`.
    init(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
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
            let found = try Self.fromEnvironment(environment)
            guard let total = count ?? found.count else {
                throw CLIError("--shard auto: this environment does not say how many shards there are; use --shard auto/N")
            }
            self.init(index: found.index, count: total)
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

    private static func fromEnvironment(_ environment: [String: String]) throws -> (index: Int, count: Int?) {
        /// The variable's value if it is set: a whole number of at least `least`, else an error naming it.
        func number(_ name: String, least: Int) throws -> Int? {
            guard let text = environment[name] else { return nil }
            guard let value = Int(text), value >= least else {
                throw CLIError("--shard auto: \(name) must be a whole number of at least \(least), got '\(text)'")
            }
            return value
        }
        if let index = try number("JOB_COMPLETION_INDEX", least: 0) { return (index, nil) }
        if let task = try number("SLURM_ARRAY_TASK_ID", least: 0) {
            // Arrays may start anywhere (--array=1-10): count from the first task.
            let first = try number("SLURM_ARRAY_TASK_MIN", least: 0) ?? 0
            guard first <= task else {
                throw CLIError("--shard auto: SLURM_ARRAY_TASK_ID \(task) is below SLURM_ARRAY_TASK_MIN \(first)")
            }
            return (task - first, try number("SLURM_ARRAY_TASK_COUNT", least: 1))
        }
        if let index = try number("AWS_BATCH_JOB_ARRAY_INDEX", least: 0) { return (index, nil) }
        throw CLIError("--shard auto: none of JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID or AWS_BATCH_JOB_ARRAY_INDEX is set")
    }
}
