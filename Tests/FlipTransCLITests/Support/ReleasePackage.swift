import Foundation
@testable import FlipTransMedia

/// The release tarball Scripts/package.sh made, unpacked into a scratch folder: named by
/// FLIPTRANS_PACKAGE (CI sets it after running the script; a release build takes minutes, too long
/// for every `swift test`).
final class ReleasePackage {
    static let tarball = ProcessInfo.processInfo.environment["FLIPTRANS_PACKAGE"]
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The builds for a processor level that the tarball holds besides `bin/fliptrans`.
    static var levelBuilds: [String] {
        #if arch(x86_64)
        return ["libexec/fliptrans/fliptrans-x86-64-v3"]
        #else
        return []
        #endif
    }

    /// Whether this machine's processor runs the x86-64-v3 build.
    static var processorHasLevel: Bool {
        ProcessorLevel.hasEveryFlag(cpuinfo: (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? "")
    }

    /// The unpacked tree's top folder, fliptrans-VERSION-linux-ARCH.
    let root: URL
    private let scratch: URL

    init() throws {
        guard let tarball = Self.tarball else { throw ExternalTool.Failure(description: "FLIPTRANS_PACKAGE is not set") }
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("fliptrans-package-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try ExternalTool.run("tar", ["-xzf", tarball, "-C", scratch.path], in: scratch)
        let top = try FileManager.default.contentsOfDirectory(atPath: scratch.path)
        guard top.count == 1 else { throw ExternalTool.Failure(description: "the tarball holds \(top), not one folder") }
        root = scratch.appendingPathComponent(top[0])
    }

    deinit { try? FileManager.default.removeItem(at: scratch) }

    func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    func contents(_ relative: String) throws -> String { try String(contentsOfFile: path(relative), encoding: .utf8) }

    /// Every file in the tree, relative to its top folder, sorted.
    func files() -> [String] {
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])!
        return enumerator.compactMap { item -> String? in
            let url = item as! URL
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { return nil }
            return String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
        }.sorted()
    }

    /// The packaged binary's commands as it describes them (argument-parser's dump of its
    /// definitions, which the man page and completions are generated from): each shown subcommand
    /// with its long option names.
    func commands() throws -> [(name: String, options: [String])] {
        let dump = try ExternalTool.run(path("bin/fliptrans"), ["--experimental-dump-help"], in: root)
        let top = try JSONDecoder().decode(HelpDump.self, from: dump).command
        return (top.subcommands ?? []).filter { $0.shouldDisplay }.map { command in
            let options = (command.arguments ?? []).filter { $0.shouldDisplay }
                .flatMap { ($0.names ?? []).filter { $0.kind == "long" }.map { "--" + $0.name } }
            return (command.commandName, options)
        }
    }

    private struct HelpDump: Decodable {
        struct Command: Decodable {
            let commandName: String
            let shouldDisplay: Bool
            let subcommands: [Command]?
            let arguments: [Argument]?
        }
        struct Argument: Decodable {
            struct Name: Decodable { let kind: String; let name: String }
            let names: [Name]?
            let shouldDisplay: Bool
        }
        let command: Command
    }
}
