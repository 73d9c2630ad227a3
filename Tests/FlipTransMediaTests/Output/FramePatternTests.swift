import Testing
@testable import FlipTransMedia

/// Where two numbered sequences' files meet, told from their patterns, and which file names a
/// pattern's frames can be: checked against naming every frame.
struct FramePatternTests {
    /// The first frame of `a` (1 … countA) that `b` (1 … countB) also writes, by naming frames.
    static func bruteForce(_ a: FramePattern, _ countA: Int, _ b: FramePattern, _ countB: Int) -> Int? {
        let others = Set((1...countB).map { Array(b.path($0).utf8) })
        return (1...countA).first { others.contains(Array(a.path($0).utf8)) }
    }

    @Test func sharedFramesAreFoundAsNamingEveryFrameFindsThem() throws {
        let names = ["f%d.png", "f%1d.png", "f%02d.png", "f%03d.png", "f1%d.png", "f12%d.png", "f%d1.png", "f%d0.png", "%d.png", "g%d.png"]
        let patterns = try names.map { try FramePattern("out/" + $0) }
        for (a, countA) in zip(patterns, [150, 20, 120, 5, 30, 9, 40, 12, 110, 15]) {
            for (b, countB) in zip(patterns, [130, 25, 101, 200, 3, 14, 60, 11, 7, 15]) {
                #expect(a.firstShared(through: countA, with: b, through: countB) == Self.bruteForce(a, countA, b, countB),
                        "\(a.path(1)) × \(b.path(1))")
            }
        }
        // Another folder shares nothing.
        #expect(try FramePattern("out/f%d.png").firstShared(through: 5, with: try FramePattern("other/f%d.png"), through: 5) == nil)
    }

    /// A pattern's frames have their number in the run of digits its prefix and suffix border:
    /// every frame's name has that run among its `digitRuns`.
    @Test func aFramesNameHasThePatternsRunOfDigits() throws {
        for name in ["f%d.png", "shot12_%04d.png", "%d", "x%d9y.png"] {
            let pattern = try FramePattern(name)
            let run = pattern.numberRun
            for number in [1, 9, 10, 1234, 99999] {
                let runs = FramePattern.digitRuns(in: FilePaths.name(of: pattern.path(number)))
                #expect(runs.contains { $0.before == run.before && $0.after == run.after }, "\(pattern.path(number))")
            }
        }
        #expect(FramePattern.digitRuns(in: "a12b3.png").map { String(decoding: $0.before, as: UTF8.self) + "|" + String(decoding: $0.after, as: UTF8.self) }
                == ["a|b3.png", "a12b|.png"])
    }
}
