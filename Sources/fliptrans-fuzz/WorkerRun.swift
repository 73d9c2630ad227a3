import FlipTransFuzzTargets
import Foundation

/// One child `work` process over some files: the outcome line of each file it finished, and
/// why it stopped early if it did (a signal, a bad exit, or no progress within the timeout).
struct WorkerRun {
    private(set) var outcomes: [String] = []
    private(set) var failure: String?

    init(target: FuzzTarget, files: [String], memoryLimit: Int, timeout: Double) throws {
        let results = FileManager.default.temporaryDirectory.appendingPathComponent("fliptrans-fuzz-\(UUID().uuidString).out")
        guard FileManager.default.createFile(atPath: results.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        defer { try? FileManager.default.removeItem(at: results) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        process.arguments = ["work", "--target", target.rawValue, "--memory-limit", String(memoryLimit)] + files
        process.standardOutput = try FileHandle(forWritingTo: results)
        process.standardError = FileHandle.nullDevice
        try process.run()

        // Poll rather than block: a hung child must be noticed and killed.
        var deadline = Date().addingTimeInterval(timeout)
        var finished = 0
        while process.isRunning {
            usleep(20_000)
            let count = Self.lines(of: results).count
            if count > finished { finished = count; deadline = Date().addingTimeInterval(timeout) }
            if Date() > deadline {
                kill(process.processIdentifier, SIGKILL)
                failure = "hung for \(Int(timeout)) s"
            }
        }
        process.waitUntilExit()
        outcomes = Self.lines(of: results)
        if failure == nil, process.terminationReason == .uncaughtSignal {
            failure = "signal \(process.terminationStatus)"
        } else if failure == nil, process.terminationStatus != 0 || outcomes.count < files.count {
            failure = "exit status \(process.terminationStatus), not a clean error"
        }
    }

    private static func lines(of url: URL) -> [String] {
        ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
}
