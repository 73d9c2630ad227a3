import FlipTransCore
import Foundation
import Testing
@testable import FlipTransMedia

/// An app showing `localizedDescription` shows the error's own message.
struct LocalizedErrorsTests {
    @Test func localizedDescriptionIsTheMessage() {
        let media: Error = MediaError(path: "a.png", reason: "no such file")
        #expect(media.localizedDescription == "a.png: no such file")
        let parameter: Error = ParameterError(parameter: "turns", value: "11", expected: "at most 10")
        #expect(parameter.localizedDescription == "turns must be at most 10, got 11")
        let problems: Error = InputProblems(problems: [media, parameter])
        #expect(problems.localizedDescription == "a.png: no such file\nturns must be at most 10, got 11")
        let transition: Error = TransitionError.unknownTransition("flipp", known: ["flip", "page"])
        #expect(transition.localizedDescription == "unknown transition 'flipp'; did you mean 'flip'? (available: flip, page)")
    }
}
