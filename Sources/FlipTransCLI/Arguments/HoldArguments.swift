import ArgumentParser
import FlipTransCore

/// `--hold` of the video command, under "Timing" beside the transition's own timing.
struct HoldArguments: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to show A still before the transition and B after it, or two: A's, then B's ('0.5,2' for a demo that rests on B); each at most 3600.", valueName: "seconds[,seconds]"))
    var hold = HoldSeconds(before: 0, after: 0)

    /// The holds before and after the transition, each checked (0–3600 seconds).
    func checked() throws -> (before: Double, after: Double) {
        (try TimelineParameters.hold.check(hold.before), try TimelineParameters.hold.check(hold.after))
    }
}

/// One number of seconds for both holds, or two separated by a comma.
struct HoldSeconds: ExpressibleByArgument {
    let before: Double, after: Double

    init(before: Double, after: Double) {
        (self.before, self.after) = (before, after)
    }

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map { DecimalNumber.read($0.trimmingCharacters(in: .whitespaces)) }
        guard (1...2).contains(parts.count), parts.allSatisfy({ $0 != nil }) else { return nil }
        (before, after) = (parts[0]!, parts[parts.count - 1]!)
    }

    var defaultValueDescription: String { before == after ? "\(before)" : "\(before),\(after)" }
}
