import FlipTransCore
import FlipTransMixer
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
            case "fold": parameter.set(.text("cubic"), in: &settings)
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
        XCTAssertEqual(settings.timing, TimingCurve(x1: 0.1, y1: 0.2, x2: 0.3, y2: 0.4))
    }
}
