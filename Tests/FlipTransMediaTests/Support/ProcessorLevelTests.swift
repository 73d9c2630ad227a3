import Testing
@testable import FlipTransMedia

/// The portable build hands over to the x86-64-v3 build only on a processor with every flag of
/// that level, read from /proc/cpuinfo's first `flags` line.
struct ProcessorLevelTests {
    static let level = "fpu sse2 ssse3 cx16 sse4_1 sse4_2 movbe popcnt xsave avx f16c abm fma bmi1 avx2 bmi2"

    @Test func everyFlagOfTheLevelIsNeeded() {
        #expect(ProcessorLevel.hasEveryFlag(cpuinfo: "processor\t: 0\nflags\t\t: \(Self.level) avx512f\n"))
        for missing in ["avx2", "fma", "bmi2", "movbe", "abm"] {
            let flags = Self.level.split(separator: " ").filter { $0 != missing }.joined(separator: " ")
            #expect(!ProcessorLevel.hasEveryFlag(cpuinfo: "flags\t\t: \(flags)\n"), "\(missing)")
        }
        // A flag's name inside another's is not the flag.
        #expect(!ProcessorLevel.hasEveryFlag(cpuinfo: "flags\t: \(Self.level.replacingOccurrences(of: " avx2", with: " avx2x"))\n"))
    }

    @Test func noFlagsLineMeansThePortableBuild() {
        #expect(!ProcessorLevel.hasEveryFlag(cpuinfo: "processor\t: 0\nmodel name\t: some ARM\n"))
        #expect(!ProcessorLevel.hasEveryFlag(cpuinfo: ""))
    }

    /// The tests run the debug build, which is the portable one.
    @Test func theTestedBuildIsPortable() {
        #expect(ProcessorLevel.current == "portable")
    }
}
