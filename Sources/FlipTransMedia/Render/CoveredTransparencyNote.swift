/// When the note that the frame's background covers an image's transparent parts is due
/// (`FramePolicy.notesCoveredTransparency`): once a job, naming the first slide, in slide order,
/// that shows such parts. Slides are checked as they load, two side by side, so a slide found
/// transparent is named only once every slide before it was found not to be: which one the note
/// names does not depend on which load finished first.
final class CoveredTransparencyNote: Sendable {
    private struct State {
        /// Per slide: nil until checked, then whether it shows covered transparency.
        var found: [Bool?]
        /// The slides before this one were all checked and showed none.
        var clearUpTo = 0
        var said = false
    }

    private let state: LockedValue<State>

    init(slides: Int) {
        state = LockedValue(State(found: Array(repeating: nil, count: slides)))
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
