/// How many cases ended each way.
struct OutcomeTally {
    private var counts: [String: Int] = [:]
    private var seen: Set<String> = []
    private(set) var failures = 0

    /// Counts `outcome`; true the first time it is seen for this seed.
    mutating func record(_ outcome: String, seedName: String) -> Bool {
        counts[outcome, default: 0] += 1
        return seen.insert(seedName + "\u{0}" + outcome).inserted
    }

    mutating func recordFailure() { failures += 1 }

    /// The most common outcomes listed in the summary.
    private static let listed = 30

    var summary: String {
        let total = counts.values.reduce(failures, +)
        let sorted = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        let lines = sorted.prefix(Self.listed).map { "  \($0.value)\t\($0.key)" }
            + (sorted.count > Self.listed ? ["  … and \(sorted.count - Self.listed) rarer outcomes"] : [])
        return (["\(total) cases, \(failures) crashed, hung or failed uncleanly, \(counts.count) distinct outcomes"] + lines)
            .joined(separator: "\n")
    }
}
