/// Several problems found by one check, all reported rather than the first: every unreadable
/// input of a slideshow, every unknown key of a spec. Each is printed on a line of its own.
public struct InputProblems: Error, CustomStringConvertible {
    /// The problems, in the order found; more than one when thrown by `throwIfAny(_:)`.
    public let problems: [Error]

    /// All of `problems` as one error; `throwIfAny(_:)` throws a lone problem as itself instead.
    public init(problems: [Error]) {
        self.problems = problems
    }

    /// Throws nothing for no problems, the problem itself for one, and all of them for more.
    public static func throwIfAny(_ problems: [Error]) throws {
        if problems.count == 1 { throw problems[0] }
        if problems.count > 1 { throw InputProblems(problems: problems) }
    }

    /// The problems `error` stands for: its list, or itself.
    public static func problems(in error: Error) -> [Error] {
        (error as? InputProblems)?.problems ?? [error]
    }

    public var description: String { problems.map { "\($0)" }.joined(separator: "\n") }
}
