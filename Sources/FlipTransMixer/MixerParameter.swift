import FlipTransCore

/// One parameter of a transition's mixer, as a frei0r host sees it: a name, one of frei0r's value
/// types, a line of help. All but `position`, `background` and `transparent` come from the transition's
/// declarations: its directions, its own parameters, the shared knobs (`SharedParameters`) and
/// the timing, so a parameter a transition gains appears in its plugin with no change here.
public struct MixerParameter: Sendable {
    /// frei0r's value types (its header numbers them 0, 1, 2, 4).
    public enum Kind: Int32, Sendable {
        case bool = 0
        case double = 1
        case color = 2
        case string = 4
    }

    /// What the value sets.
    public enum Meaning: Sendable {
        /// The time fraction t ∈ [0, 1] the host animates: 0 shows A, 1 shows B.
        case position
        /// One of the transition's directions, as a word.
        case direction([Direction])
        /// A declared parameter: a number mapped onto [0, 1] (`UnitMapping`), a choice as a word,
        /// a flag as a bool.
        case declared(TransitionParameter)
        /// A CSS timing function, or `default` for the transition's own timing.
        case timing
        /// The colour wherever no panel covers the frame.
        case background
        /// Whether the frame is transparent there instead.
        case transparent
    }

    public let name: String
    public let kind: Kind
    /// The help a frei0r host shows: a number's in the plugin's 0–1 (`UnitMapping`).
    public let help: String
    public let meaning: Meaning

    /// The word that asks for the transition's own timing.
    public static let defaultTiming = "default"

    /// The parameters of `type`'s mixer, in the order the host indexes them: position first
    /// (hosts and users look for it there), then direction, the transition's own, timing, the
    /// shared knobs and the background, colour then transparency.
    public static func all(for type: any Transition.Type) -> [MixerParameter] {
        var parameters = [MixerParameter(
            name: "position", kind: .double,
            help: "Time fraction of the transition: 0 shows A, 1 shows B; animate it from 0 to 1 over the cut (the timing then shapes the motion).",
            meaning: .position)]
        if !type.directions.isEmpty {
            parameters.append(MixerParameter(
                name: "direction", kind: .string,
                help: "Which way it turns: " + type.directions.map(\.rawValue).joined(separator: ", ") + ".",
                meaning: .direction(type.directions)))
        }
        let timing = MixerParameter(
            name: "timing", kind: .string,
            help: "How progress follows time: \(defaultTiming) (the transition's own), or a timing function as fliptrans's --timing takes it: "
                + TimingFunction.accepted + ".",
            meaning: .timing)
        parameters += type.parameters.map(declaredParameter)
        parameters.append(timing)
        parameters += [SharedParameters.shadow, SharedParameters.perspective].map(declaredParameter)
        parameters.append(MixerParameter(
            name: "background", kind: .color, help: "The colour wherever no panel covers the frame.", meaning: .background))
        parameters.append(MixerParameter(
            name: "transparent", kind: .bool,
            help: "Leave the frame transparent wherever no panel covers it, instead of the background colour: the tracks below show through there, as they do through A and B themselves.",
            meaning: .transparent))
        return parameters
    }

    private static func declaredParameter(_ parameter: TransitionParameter) -> MixerParameter {
        let kind: Kind
        var help = parameter.help
        switch parameter.kind {
        case let .number(range):
            kind = .double
            help += " " + UnitMapping(range: range, defaultValue: parameter.defaultNumber).explanation
        case let .choice(words):
            kind = .string
            help += " One of: " + words.joined(separator: ", ") + "."
        case .flag:
            kind = .bool
        }
        return MixerParameter(name: parameter.name, kind: kind, help: help, meaning: .declared(parameter))
    }
}

extension TransitionParameter {
    /// The default of a number parameter as a number; nil when the transition works it out.
    var defaultNumber: Double? { defaultText.flatMap(Double.init) }
}
