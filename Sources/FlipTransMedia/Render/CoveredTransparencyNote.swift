/// When the note that the frame's background covers an image's transparent parts is due
/// (`FramePolicy.notesCoveredTransparency`): once a job, naming the first slide, in slide order,
/// that a frame shows with such parts. Slides are checked as they load, two side by side, so a
/// slide found transparent is named only once every slide before it was found not to be: which
/// one the note names does not depend on which load finished first.
final class CoveredTransparencyNote: Sendable {
    private struct State {
        /// Per slide: nil until checked, then whether a frame shows covered transparency of it.
        /// Slides no frame shows are clear from the start.
        var found: [Bool?]
        /// The slides before this one were all checked and showed none.
        var clearUpTo = 0
        var said = false
    }

    private let state: LockedValue<State>

    /// `inView`: the slides some frame shows (a still at a transition's end shows one of its two).
    init(slides: Int, inView: Set<Int>) {
        state = LockedValue(State(found: (0..<slides).map { inView.contains($0) ? nil : false }))
    }

    /// Whether slide `index` is still to be checked: a frame shows it, and the note is not said.
    func wants(_ index: Int) -> Bool {
        state.withLock { !$0.said && $0.found.indices.contains(index) && $0.found[index] == nil }
    }

    /// Records what slide `index` shows (a slide loaded again keeps its first record); returns
    /// the slide the note is now due for, if any.
    func record(_ index: Int, showsCoveredTransparency: Bool) -> Int? {
        state.withLock { state in
            guard !state.said, state.found.indices.contains(index), state.found[index] == nil else { return nil }
            state.found[index] = showsCoveredTransparency
            while state.clearUpTo < state.found.count, let found = state.found[state.clearUpTo] {
                if found {
                    state.said = true
                    return state.clearUpTo
                }
                state.clearUpTo += 1
            }
            return nil
        }
    }
}
