import FlipTransCore
import Foundation
import Testing
@testable import FlipTransMedia

/// An app showing `localizedDescription` shows the error's own message.
struct LocalizedErrorsTests {
    @Test func localizedDescriptionIsTheMessage() {
        let media: Error = MediaError(.inputMissing, path: "a.png", reason: "no such file")
        #expect(media.localizedDescription == "a.png: no such file")
        let parameter: Error = ParameterError(parameter: "turns", value: "11", expected: "at most 10")
        #expect(parameter.localizedDescription == "turns must be at most 10, got 11")
        let problems: Error = InputProblems(problems: [media, parameter])
        #expect(problems.localizedDescription == "a.png: no such file\nturns must be at most 10, got 11")
        let transition: Error = TransitionError.unknownTransition("flipp", known: ["flip", "page"])
        #expect(transition.localizedDescription == "unknown transition 'flipp'; did you mean 'flip'? (available: flip, page)")
        let misuse: Error = OptionMisuse(option: "crf", reason: { _ in "does not apply to GIF" })
        #expect(misuse.localizedDescription == "--crf does not apply to GIF")
    }

    /// A show too short for its transitions, as `Timeline.slideshow` throws it.
    @Test func aShowTooShortSaysSo() throws {
        let clip = try TransitionClip(transition: Flip(), duration: 1, fps: 30)
        let error = #expect(throws: SlideshowTooShort.self) {
            try Timeline.slideshow(holds: [1, 1], transitions: [clip], loop: false, fps: 30, lasting: 0.5)
        }
        #expect((error as Error?)?.localizedDescription == "the transitions alone last 1 s, longer than the 0.5 s the show must last; shorten them or show fewer slides")
    }
}
