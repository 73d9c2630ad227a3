import FlipTransCore
import Testing
@testable import FlipTransCLI

/// A transition written as docs/architecture.md's "Adding a transition" says — one file, here a
/// test double — and registered: the command line's options, shorthands, checks, help and cycle
/// follow from its declaration alone.
private struct Spin: Transition {
    static let name = "spin"
    static let parameters = [
        TransitionParameter.number("turns", .above(0, upTo: 10), default: 1, help: "How many half turns A makes."),
        TransitionParameter.choice("spin", ["clockwise", "anticlockwise"], help: "Which way it turns."),
    ]
    static let directions: [Direction] = []
    let turns: Double
    let clockwise: Bool

    init(settings: TransitionSettings) throws {
        turns = try settings.parameters.number("turns") ?? 1
        clockwise = settings.parameters[Spin.parameters[1].name] != .choice("anticlockwise")
    }

    var defaultTiming: any Timing { TimingCurve.linear }

    func scene(of images: [Image], progress e: Double, background: Color) -> Scene {
        Scene(size: images[0].size, background: background, panels: [])
    }
}

struct RegistryDerivationTests {
    let registry = TransitionRegistry([Flip.self, Spin.self])

    @Test func itsNameAndParametersBecomeOptions() throws {
        let expanded = ParameterArguments.expand(["a.png", "--spin", "anticlockwise", "--turns", "2.5", "--pullback=0.9"],
                                                 registry: registry)
        #expect(expanded == ["a.png", "--transition-shorthand", "spin", "--set", "spin=anticlockwise",
                             "--set", "turns=2.5", "--set", "pullback=0.9"])
        let values = try ParameterArguments.values(["spin=anticlockwise", "turns=2.5"], registry: registry)
        let spin = try #require(try registry.make("spin", settings: TransitionSettings(parameters: values)) as? Spin)
        #expect(spin.turns == 2.5 && !spin.clockwise)
    }

    @Test func itsDeclarationChecksValues() {
        #expect(throws: ParameterError(parameter: "turns", value: "11", expected: "more than 0 and at most 10")) {
            try ParameterArguments.values(["turns=11"], registry: registry)
        }
        #expect(throws: ParameterError(parameter: "spin", value: "'sideways'", expected: "one of clockwise, anticlockwise", isUnreadable: true)) {
            try ParameterArguments.values(["spin=sideways"], registry: registry)
        }
        #expect(ErrorWording.asKeys(ParameterError(parameter: "turns", value: "11", expected: "at most 10"))
                == "key 'turns' must be at most 10, got 11")
    }

    @Test func helpCycleAndStylesIncludeIt() throws {
        let help = TransitionHelp.text(for: registry)
        #expect(help.contains("  spin (no --direction)\n    --turns <n>\n        How many half turns A makes. (default: 1)"))
        #expect(registry.styles.filter { $0.type.name == "spin" }.map(\.name) == ["spin-clockwise", "spin-anticlockwise"])
        // Flip, then spin, then flip turning its next way, then spin the other way.
        #expect(try TransitionCycle.transition(1, base: TransitionSettings(), registry: registry) is Spin)
        let second = try #require(try TransitionCycle.transition(3, base: TransitionSettings(), registry: registry) as? Spin)
        #expect(!second.clockwise)
        let flip = try #require(try TransitionCycle.transition(2, base: TransitionSettings(), registry: registry) as? Flip)
        #expect(flip.direction == .right)
    }
}
