import FlipTransCore
import Foundation
import XCTest

/// The plugin is one file hosts can load anywhere: the Swift runtime inside it, only the C and
/// C++ runtimes needed from the system, only frei0r's functions exported, and never unloaded.
final class LinkageTests: XCTestCase {
    func testThePluginNeedsOnlyTheCAndCPlusPlusRuntimes() throws {
        let needed = try Tool.succeed("readelf", ["-d", Plugin.built.path]).text.split(separator: "\n")
            .filter { $0.contains("(NEEDED)") }
            .compactMap { line in line.split(separator: "[").last.map { String($0.dropLast()) } }
        XCTAssertEqual(Set(needed), ["libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1", "ld-linux-x86-64.so.2"])
        let ldd = try Tool.succeed("ldd", [Plugin.built.path]).text
        XCTAssertFalse(ldd.contains("swift"), ldd)
        XCTAssertFalse(ldd.contains("not found"), ldd)
    }

    func testItExportsOnlyFrei0rsFunctionsAndStaysLoaded() throws {
        let listing = try Tool.succeed("nm", ["-D", "--defined-only", Plugin.built.path]).text
        // "address type name"; an upper-case type is a global symbol.
        var symbols: [String] = []
        for line in listing.split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            if fields.count == 3, fields[1] == fields[1].uppercased() { symbols.append(fields[2]) }
        }
        XCTAssertEqual(Set(symbols), ["f0r_init", "f0r_deinit", "f0r_get_plugin_info", "f0r_get_param_info", "f0r_construct", "f0r_destruct",
                                      "f0r_set_param_value", "f0r_get_param_value", "f0r_update2"])
        let dynamic = try Tool.succeed("readelf", ["-d", Plugin.built.path]).text
        XCTAssertTrue(dynamic.contains("NODELETE"), "a host's dlclose must not unmap the runtime's threads and thread-local destructors")
    }

    /// As installed, it names no folder of its own to search: with `$ORIGIN` (SwiftPM's default)
    /// the loader looked for the C++ runtime in the hosts' plugin folder first.
    func testAsInstalledItSearchesNoFolderOfItsOwn() throws {
        try XCTSkipIf(ProcessInfo.processInfo.environment["FLIPTRANS_FREI0R_PLUGIN"] == nil,
                      "the plugin as Scripts/install-frei0r.sh installs it (.ci/run sets FLIPTRANS_FREI0R_PLUGIN)")
        let dynamic = try Tool.succeed("readelf", ["-d", Plugin.built.path]).text
        XCTAssertFalse(dynamic.contains("RUNPATH") || dynamic.contains("RPATH"), dynamic)
    }

    /// The Swift runtime inside installs no signal handlers of its own (a crash reporter's, say)
    /// in the host's process: loading the plugin and rendering a frame leave them as they were.
    func testLoadingItLeavesTheHostsSignalHandlersAlone() throws {
        let signals = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]
        func handlers() -> [[UInt8]] {
            signals.map { signal in
                var action = sigaction()
                sigaction(signal, nil, &action)
                return withUnsafeBytes(of: action.__sigaction_handler) { Array($0) }
            }
        }
        let before = handlers()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fliptrans-signals-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugin = try Plugin.load(Clock.self, in: folder)
        _ = plugin.initialise()
        let instance = try XCTUnwrap(plugin.construct(32, 24))
        defer { plugin.destruct(instance) }
        plugin.set(instance, "position", 0.4)
        let frame = Frames.pattern(width: 32, height: 24, seed: 1)
        _ = plugin.render(instance, a: frame, b: frame, width: 32, height: 24)
        XCTAssertEqual(handlers(), before)
    }
}
