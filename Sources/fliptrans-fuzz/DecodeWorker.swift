import ArgumentParser
import FlipTransMedia
import Foundation

/// The child process: decodes each file in turn and prints one line per file as soon as it is
/// done, "ok" or "error REASON", so the parent knows which case was running if this one dies.
struct DecodeWorker: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "decode", abstract: "Decode files (run by the campaign).")

    @Option(help: "Address-space limit in megabytes: running out of memory counts as a crash.")
    var memoryLimit = 4096

    @Argument var files: [String]

    func run() throws {
        var limit = rlimit(rlim_cur: rlim_t(memoryLimit) << 20, rlim_max: rlim_t(memoryLimit) << 20)
        setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
        for file in files {
            let line: String
            do {
                _ = try ImageDecoder.decode(contentsOf: file)
                line = "ok"
            } catch let error as MediaError {
                // The reason without FFmpeg's detail or numbers, to group cases by what went wrong.
                let reason = (error.reason.split(separator: "(").first ?? "").trimmingCharacters(in: .whitespaces)
                line = "error " + reason.replacingOccurrences(of: "[0-9]+", with: "N", options: .regularExpression)
            }
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
    }
}
