/// The name a user most likely meant when they mistyped one: a transition, an option, a key.
public enum NameSuggestion {
    /// The candidate closest to `typed` — fewest single-character edits (inserting, deleting,
    /// replacing a character, or swapping two neighbours) — if it is close enough to be a slip of
    /// the keyboard: at most one edit per three characters typed (one edit at least). Else the
    /// one candidate `typed` starts, if three or more characters long ("--dur" for "--duration").
    /// Ties go to the earlier candidate, so callers list the likelier meanings first.
    public static func closest(to typed: String, among candidates: [String]) -> String? {
        let typed = typed.lowercased(), length = typed.count, allowed = max(1, length / 3)
        // A candidate whose length differs by more than the edits allowed is none: skipped, as
        // the table of edits grows with the product of the lengths (a megabyte's key took 34 s).
        let scored = candidates.filter { abs($0.count - length) <= allowed }.map { (candidate: $0, edits: edits(from: typed, to: $0.lowercased())) }
        if let best = scored.min(by: { $0.edits < $1.edits }), best.edits <= allowed {
            return best.candidate
        }
        let started = candidates.filter { typed.count >= 3 && $0.lowercased().hasPrefix(typed) }
        return started.count == 1 ? started[0] : nil
    }

    /// The optimal string alignment distance: Levenshtein's edits plus swapping two neighbours.
    public static func edits(from a: String, to b: String) -> Int {
        let (a, b) = (Array(a), Array(b))
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
