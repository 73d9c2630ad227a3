import FlipTransCore
@testable import FlipTransMixer
import XCTest

/// The mixer's parameters come from the transitions' declarations.
final class MixerParameterTests: XCTestCase {
    func testEveryDeclaredParameterBecomesAFrei0rParameterOfItsKind() {
        for type in MixerTransitions.offered() {
            let parameters = MixerParameter.all(for: type)
            let names = parameters.map(\.name)
            XCTAssertEqual(names.first, "position", type.name)
            XCTAssertEqual(names.contains("direction"), !type.directions.isEmpty, type.name)
            for declared in type.parameters + [SharedParameters.shadow, SharedParameters.perspective] {
                let parameter = parameters.first { $0.name == declared.name }
                let expected: MixerParameter.Kind = switch declared.kind {
                case .number: .double
                case .choice: .string
                case .flag: .bool
                }
                XCTAssertEqual(parameter?.kind, expected, "\(type.name) \(declared.name)")
            }
            XCTAssertEqual(Set(names).count, names.count, "\(type.name): names are unique")
        }
    }

    func testBoundedNumbersMapLinearlyAndUnboundedOnesReachAnyLength() throws {
        let shadow = UnitMapping(range: .between(0, 4), defaultValue: 1)
        XCTAssertEqual(shadow.value(at: 0.25), 1)
        XCTAssertEqual(shadow.value(at: 2), 4)
        XCTAssertEqual(shadow.position(of: nil), 0.25)
        let pullback = UnitMapping(range: .above(0, upTo: 4), defaultValue: 0.85)
        XCTAssertEqual(pullback.value(at: 0), 0.004, "0 itself is refused: a thousandth of the range above it")
        let perspective = UnitMapping(range: .above(0, unit: "pixels"), defaultValue: nil)
        XCTAssertEqual(perspective.value(at: 0), .some(nil), "0: the transition's own")
        XCTAssertEqual(perspective.value(at: 0.5), 1000)
        XCTAssertEqual(perspective.position(of: 1000), 0.5)
        XCTAssertEqual(perspective.value(at: .nan), .none, "NaN changes nothing")
        let far = try XCTUnwrap(perspective.value(at: 1) ?? nil)
        XCTAssertTrue(far.isFinite && far > 900_000)
    }

    func testSettingsReachTheTransition() throws {
        var settings = MixerSettings()
        let parameters = MixerParameter.all(for: Fold.self)
        for parameter in parameters {
            switch parameter.name {
            case "fold": parameter.set(.text("Cubic"), in: &settings)
            case "unfold": parameter.set(.number(1), in: &settings)
            case "shadow": parameter.set(.number(0.5), in: &settings)
            case "timing": parameter.set(.text("cubic-bezier(0.1,0.2,0.3,0.4)"), in: &settings)
            default: break
            }
        }
        let fold = try XCTUnwrap(try Fold(settings: settings.transitionSettings))
        XCTAssertEqual(fold.style, .cubic)
        XCTAssertTrue(fold.unfold)
        XCTAssertEqual(fold.shadow, 2)
        XCTAssertEqual(settings.timing, "cubic-bezier(0.1,0.2,0.3,0.4)")
    }

    /// The timing takes every function `--timing` takes (steps, linear(), spring() were ignored),
    /// and words are read in any case (`UP`, `Cubic` were ignored; `Linear` was not).
    func testTimingTakesWhatTheCommandLineTakesAndWordsAnyCase() throws {
        let parameters = MixerParameter.all(for: Flip.self)
        let timing = try XCTUnwrap(parameters.first { $0.name == "timing" })
        let direction = try XCTUnwrap(parameters.first { $0.name == "direction" })
        var settings = MixerSettings()
        for text in ["steps(3)", "step-start", "linear(0, 0.25 75%, 1)", "spring(1, 100, 10, 0)"] {
            timing.set(.text(text), in: &settings)
            XCTAssertEqual(settings.timing, text)
            XCTAssertEqual(timing.value(in: settings), .text(text))
        }
        timing.set(.text("bouncy"), in: &settings)
        XCTAssertEqual(settings.timing, "spring(1, 100, 10, 0)", "a malformed timing changes nothing")
        timing.set(.text("DEFAULT"), in: &settings)
        XCTAssertNil(settings.timing)
        direction.set(.text("UP"), in: &settings)
        XCTAssertEqual(settings.direction, .up)
    }

    /// The help a frei0r host shows says where a number's default lies on the plugin's 0–1 (its
    /// help speaks in fliptrans's units: "1 is the default look" is 0.25 there, 1 four times it).
    func testNumberHelpPlacesTheDefaultOnTheHostsScale() throws {
        let parameters = MixerParameter.all(for: Flip.self)
        let shadow = try XCTUnwrap(parameters.first { $0.name == "shadow" })
        XCTAssertTrue(shadow.help.hasSuffix("The values above are on a scale of 0–4, which this plugin's 0–1 maps onto, so its default, 1, is 0.25."), shadow.help)
        let pullback = try XCTUnwrap(parameters.first { $0.name == "pullback" })
        XCTAssertTrue(pullback.help.hasSuffix("so its default, 0.85, is 0.2125. Its 0 stands for 0.004, as 0 itself is refused."), pullback.help)
        // An unbounded range's help says where the slider stops (it did not: 999 on Kdenlive's).
        let perspective = UnitMapping(range: .above(0, unit: "pixels"), defaultValue: nil)
        XCTAssertEqual(perspective.explanation, "0 keeps that default; any other x in 0–1 is 1000·x/(1 − x) pixels, at most 999000 pixels, reached at 0.999.")
        XCTAssertEqual(perspective.explanationPerThousand,
                       "0 keeps that default; any other s in 0–1000 is 1000·s/(1000 − s) pixels, at most 999000 pixels, reached at 999.")
        XCTAssertEqual(try XCTUnwrap(perspective.value(at: 1) ?? nil), 999_000, accuracy: 1e-6)
    }
}
