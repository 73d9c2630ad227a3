import Foundation

/// Which processors a build of the program is for. On x86-64 the release tarball holds two
/// builds of the same source: `bin/fliptrans` for any x86-64 processor, and
/// `libexec/fliptrans/fliptrans-x86-64-v3` for those of the x86-64-v3 level (AVX2, FMA, BMI2:
/// Intel since 2013, AMD since 2015), on which the renderer needs 12–17 % fewer instructions
/// for the same pixels. The portable build hands its command line over to the other
/// where the processor can run it (`handOver()`); `Scripts/build-release.sh x86-64-v3` makes it.
package enum ProcessorLevel {
    /// The level this build was compiled for (`-D FLIPTRANS_X86_64_V3` with the matching
    /// `-target-cpu` makes the x86-64-v3 build).
    package static var current: String {
        #if FLIPTRANS_X86_64_V3
        return "x86-64-v3"
        #else
        return portable
        #endif
    }

    static let portable = "portable"

    /// Set by the hand-over in the environment of the build it starts, which then does not look
    /// again; `FLIPTRANS_BUILD=portable` keeps the portable build.
    package static let variable = "FLIPTRANS_BUILD"

    /// Where the x86-64-v3 build lies, from the folder of the portable one (`bin`).
    static let fasterBuild = "../libexec/fliptrans/fliptrans-x86-64-v3"

    /// The /proc/cpuinfo flags of x86-64-v3 (its definition by the x86-64 psABI; `abm` is LZCNT).
    static let levelFlags: Set<Substring> = ["avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm", "movbe", "xsave",
                                             "sse4_1", "sse4_2", "ssse3", "popcnt", "cx16"]

    /// Replaces this process by the x86-64-v3 build, with the same arguments, when this is the
    /// portable build, that build lies beside it and the processor has every flag of the level;
    /// otherwise returns, and this build runs the command.
    package static func handOver() {
        #if arch(x86_64) && os(Linux)
        guard current == portable, ProcessInfo.processInfo.environment[variable] == nil,
              let own = try? ChildProcess.ownExecutable() else { return }
        let faster = FilePaths.folder(of: own) + "/" + fasterBuild
        guard access(faster, X_OK) == 0, let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
              hasEveryFlag(cpuinfo: cpuinfo) else { return }
        setenv(variable, "x86-64-v3", 1)
        execv(faster, CommandLine.unsafeArgv)
        // Only if it could not start: this build goes on.
        unsetenv(variable)
        #endif
    }

    /// Whether the first processor listed in `cpuinfo` has every flag of x86-64-v3.
    static func hasEveryFlag(cpuinfo: String) -> Bool {
        guard let line = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("flags") }),
              let colon = line.firstIndex(of: ":") else { return false }
        return levelFlags.isSubset(of: line[line.index(after: colon)...].split(separator: " "))
    }
}
