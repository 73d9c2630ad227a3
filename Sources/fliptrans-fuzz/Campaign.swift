import ArgumentParser
import FlipTransCore
import FlipTransFuzzTargets
import Foundation

/// Mutates seed files into cases, runs them in batches through `work` children, and saves every
/// case that crashed, hung or failed uncleanly. Exit status 1 if there was any.
struct Campaign: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Run a fuzz campaign.")

    @Option(help: "What the cases are fed to (repeat for several; default: all).") var target: [FuzzTarget] = FuzzTarget.allCases
    @Option(help: "Folder of valid files to mutate, with a subfolder per target: images, specs, jobs.") var seeds: String
    @Option(help: "How many cases to run per target.") var cases = 2000
    @Option(help: "Random seed: the same seed replays the same cases.") var seed: UInt64 = 1
    @Option(help: "Cases per child process.") var batch = 200
    @Option(help: "Seconds a case may take before it counts as a hang.") var timeout = 20.0
    @Option(help: "Address-space limit of a child in megabytes.") var memoryLimit = 4096
    @Option(help: "Where failing cases are saved, in a subfolder per target.") var failures = "fuzz-failures"
    @Option(help: "If given, the first case of each new outcome per seed is saved here, in a subfolder per target.") var interesting: String?

    func run() throws {
        var failed = false
        for target in target {
            let tally = try run(target)
            print("target \(target.rawValue), seed \(seed)")
            print(tally.summary)
            failed = failed || tally.failures > 0
        }
        if failed { throw ExitCode.failure }
    }

    private func run(_ target: FuzzTarget) throws -> OutcomeTally {
        let folder = seeds + "/" + target.rawValue
        let seedFiles = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { folder + "/" + $0 }
        guard !seedFiles.isEmpty else { throw ValidationError("no seed files in \(folder)") }
        try requireClean(seedFiles, target: target)
        let seedBytes = try seedFiles.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0))) }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("fliptrans-fuzz-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }

        var random = SplitMix64(seed: seed)
        var tally = OutcomeTally()
        var done = 0
        while done < cases {
            var pending: [FuzzCase] = try (done..<min(cases, done + batch)).map { number in
                let index = Int.random(in: seedFiles.indices, using: &random)
                let name = URL(fileURLWithPath: seedFiles[index]).lastPathComponent
                let path = "\(work)/case-\(number)-\(name)"
                try Data(target.mutate(seedBytes[index], using: &random)).write(to: URL(fileURLWithPath: path))
                return FuzzCase(path: path, seedName: name)
            }
            done += pending.count
            while !pending.isEmpty {
                let run = try WorkerRun(target: target, files: pending.map(\.path), memoryLimit: memoryLimit, timeout: timeout)
                for (fuzzCase, outcome) in zip(pending, run.outcomes) {
                    if outcome.hasPrefix("unclean") {
                        try fail(fuzzCase, target: target, reason: outcome, tally: &tally)
                    } else if tally.record(outcome, seedName: fuzzCase.seedName), let interesting {
                        try fuzzCase.save(into: interesting + "/" + target.rawValue)
                    }
                }
                pending.removeFirst(run.outcomes.count)
                if let failure = run.failure, let culprit = pending.first {
                    try fail(culprit, target: target, reason: failure, tally: &tally)
                    pending.removeFirst()
                }
            }
            for file in try FileManager.default.contentsOfDirectory(atPath: work) { try? FileManager.default.removeItem(atPath: work + "/" + file) }
        }
        return tally
    }

    private func fail(_ fuzzCase: FuzzCase, target: FuzzTarget, reason: String, tally: inout OutcomeTally) throws {
        tally.recordFailure()
        let saved = try fuzzCase.save(into: failures + "/" + target.rawValue)
        print("FAILURE (\(reason)): saved as \(saved)")
    }

    /// Seeds must themselves end cleanly and well: a broken seed would fuzz nothing but its breakage.
    private func requireClean(_ seedFiles: [String], target: FuzzTarget) throws {
        let run = try WorkerRun(target: target, files: seedFiles, memoryLimit: memoryLimit, timeout: timeout)
        for (file, outcome) in zip(seedFiles, run.outcomes) where !(outcome == "ok" || outcome == "jobs: ok") {
            throw ValidationError("seed \(file) does not read cleanly: \(outcome)")
        }
        if let failure = run.failure { throw ValidationError("a seed in \(seeds)/\(target.rawValue) failed: \(failure)") }
    }
}
