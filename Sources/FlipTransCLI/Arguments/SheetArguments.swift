import ArgumentParser
import FlipTransCore
import Foundation

/// Which frames a contact sheet shows, and in how many columns.
struct SheetArguments: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("How many frames, at t = 0, 1/(N−1), …, 1 (2–100; default 6).", valueName: "n"))
    var frames: Int?

    @Option(help: ArgumentHelp("The time fractions to show instead, comma-separated, each 0–1: 0,0.25,0.5.", valueName: "list"))
    var at: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Frames per row (1–100, at most one row of all the frames; default: up to 4).", valueName: "n"))
    var columns: Int?

    static let frameCount = TransitionParameter.number("frames", .between(2, 100), default: nil, help: "")
    static let columnCount = TransitionParameter.number("columns", .between(1, 100), default: nil, help: "")

    /// The time fractions: `--at`, or `--frames` evenly spaced.
    func times() throws -> [Double] {
        if let at {
            guard frames == nil else { throw CLIError("--at and --frames: give one or the other") }
            let times = try at.split(separator: ",", omittingEmptySubsequences: false).map { word in
                guard let t = DecimalNumber.read(word.trimmingCharacters(in: .whitespaces)), (0...1).contains(t) else {
                    throw CLIError("--at: '\(word)' is not a time fraction between 0 and 1; give a list such as 0,0.25,0.5")
                }
                return t
            }
            guard (1...100).contains(times.count) else { throw CLIError("--at: give 1 to 100 time fractions, got \(times.count)") }
            return times
        }
        let count = Int(try Self.frameCount.check(Double(frames ?? 6)))
        return (0..<count).map { Double($0) / Double(count - 1) }
    }
}
