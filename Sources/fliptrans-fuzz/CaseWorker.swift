import ArgumentParser
import FlipTransFuzzTargets
import Foundation

/// The child process: feeds each file in turn to the target and prints its outcome line as soon
/// as it is done, so the parent knows which case was running if this one dies.
struct CaseWorker: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "work", abstract: "Run cases (started by the campaign).")

    @Option(help: "What the cases are fed to.") var target: FuzzTarget

    @Option(help: "Address-space limit in megabytes: running out of memory counts as a crash.")
    var memoryLimit = 4096

    @Argument var files: [String]

    func run() throws {
        var limit = rlimit(rlim_cur: rlim_t(memoryLimit) << 20, rlim_max: rlim_t(memoryLimit) << 20)
        setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
        for file in files {
            FileHandle.standardOutput.write(Data((target.outcome(of: file) + "\n").utf8))
        }
    }
}
