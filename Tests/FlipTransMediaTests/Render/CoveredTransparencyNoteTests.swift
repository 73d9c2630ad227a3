import Testing
@testable import FlipTransMedia

/// The note names the first slide, in slide order, that shows covered transparency, whichever
/// of two slides loaded side by side is checked first; and it is due once.
struct CoveredTransparencyNoteTests {
    @Test func aLaterSlideWaitsForTheOnesBeforeIt() {
        let note = CoveredTransparencyNote(slides: 4, inView: [0, 1, 2, 3])
        #expect(note.record(2, showsCoveredTransparency: true) == nil, "slides 0 and 1 are not checked yet")
        #expect(note.record(1, showsCoveredTransparency: false) == nil)
        #expect(note.record(0, showsCoveredTransparency: false) == 2)
        #expect(note.record(3, showsCoveredTransparency: true) == nil, "said once")
    }

    @Test func theFirstSlideIsNamedWhicheverIsCheckedFirst() {
        for order in [[0, 1], [1, 0]] {
            let note = CoveredTransparencyNote(slides: 2, inView: [0, 1])
            let due = order.compactMap { note.record($0, showsCoveredTransparency: true) }
            #expect(due == [0], "checked in the order \(order)")
        }
    }

    /// A slide loaded again (a looping show) keeps its first record; an index past the slides is none.
    @Test func aSlideLoadedAgainOrUnknownChangesNothing() {
        let note = CoveredTransparencyNote(slides: 2, inView: [0, 1])
        #expect(note.record(0, showsCoveredTransparency: false) == nil)
        #expect(note.record(0, showsCoveredTransparency: true) == nil)
        #expect(note.record(5, showsCoveredTransparency: true) == nil)
        #expect(note.record(1, showsCoveredTransparency: true) == 1)
    }

    /// A slide no frame shows (the other image of a still at an end) is clear from the start:
    /// the slide after it is named without waiting for it, and it is not checked.
    @Test func aSlideOutOfViewIsClearFromTheStart() {
        let note = CoveredTransparencyNote(slides: 3, inView: [1, 2])
        #expect(!note.wants(0) && note.wants(1))
        #expect(note.record(0, showsCoveredTransparency: true) == nil, "out of view: not recorded")
        #expect(note.record(1, showsCoveredTransparency: true) == 1)
        #expect(!note.wants(2), "said already")
    }
}
