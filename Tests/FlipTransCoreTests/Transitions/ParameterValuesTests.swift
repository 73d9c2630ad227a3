import Testing
import FlipTransCore

/// Values a library user puts in `ParameterValues` by hand are read by kind: one of another
/// kind, or a word not among the choices, is refused where it left the default in silence.
struct ParameterValuesTests {
    @Test(arguments: [(Flip.self as any Transition.Type, "pullback", ParameterValue.choice("lots"), "pullback must be a number, got 'lots'"),
                      (Fold.self, "fold", .choice("cubbic"), "fold must be one of normal, cubic, got 'cubbic'"),
                      (Fold.self, "orientation", .number(1), "orientation must be one of vertical, horizontal, got '1'"),
                      (Fold.self, "unfold", .choice("yes"), "unfold must be true or false, got 'yes'"),
                      (Page.self, "reverse", .number(1), "reverse must be true or false, got '1'")])
    func aValueOfAnotherKindIsRefused(transition: any Transition.Type, name: String, value: ParameterValue, message: String) throws {
        let settings = TransitionSettings(parameters: ParameterValues([name: value]))
        let error = #expect(throws: ParameterError.self) { try transition.init(settings: settings) }
        #expect(error?.description == message)
    }

    @Test func valuesOfTheirKindAreRead() throws {
        let values = ParameterValues(["pullback": .number(0.5), "fold": .choice("cubic"), "unfold": .flag(true)])
        #expect(try values.number("pullback") == 0.5)
        #expect(try values.choice("fold", as: FoldStyle.self) == .cubic)
        #expect(try values.flag("unfold"))
        #expect(try values.number("missing") == nil && values.flag("missing") == false)
        #expect(try Fold(settings: TransitionSettings(parameters: values)).style == .cubic)
    }
}
