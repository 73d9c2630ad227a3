import Foundation

/// A small tmpfs mounted on a fresh folder for one test (a disk that fills up, or a read-only
/// one), unmounted and removed when released. Needs root; `isAvailable` says whether it works here.
final class TmpfsMount {
    let url: URL

    /// `options` as for `mount -o`, e.g. "size=256k" or "ro".
    init(options: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("fliptrans-tmpfs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        guard Self.command("/bin/mount", ["-t", "tmpfs", "-o", options, "tmpfs", url.path]) else {
            try? FileManager.default.removeItem(at: url)
            throw CocoaError(.fileWriteNoPermission)
        }
    }

    deinit {
        _ = Self.command("/bin/umount", [url.path])
        try? FileManager.default.removeItem(at: url)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    var files: Set<String> { Set((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []) }

    /// False in an unprivileged container, where the tests that need a mount are skipped.
    static let isAvailable = (try? TmpfsMount(options: "size=64k")) != nil

    private static func command(_ path: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
