/// One knob a transition declares: its name, what values it takes, its default and a line of help.
///
/// The command line's options, the keys of specs and job files, `--help`, the fuzzer's
/// vocabulary and `--transition cycle` are all derived from these declarations, and every value
/// is checked here, once, whichever way it arrived.
public struct TransitionParameter: Sendable {
    /// The values a parameter takes.
    public enum Kind: Sendable, Equatable {
        /// A number within `NumberRange`.
        case number(NumberRange)
        /// One of these words.
        case choice([String])
        /// On or off (off unless given).
        case flag
    }

    /// Its name without dashes, used as the option (`--name`) and as the key of specs and job
    /// files: `pullback`, `fold`.
    public let name: String
    /// What values it takes: a range of numbers, a set of words, or on and off.
    public let kind: Kind
    /// The default as shown in help; nil when the transition works it out (an eye distance
    /// from the frame size, say).
    public let defaultText: String?
    /// One line: what it does.
    public let help: String
    /// What the value is called in help (`<k>`, `<pixels>`).
    public let valueName: String
    /// True for a choice or flag whose values are different looks of the transition: the
    /// contract test and `--transition cycle` go through every combination of them.
    public let isStyle: Bool

    /// A parameter as it is written out; `valueName` defaults to `name`. The `number`, `choice` and
    /// `flag` factories fill in the default text and value name from the kind.
    public init(name: String, kind: Kind, defaultText: String?, help: String, valueName: String? = nil, isStyle: Bool = false) {
        self.name = name
        self.kind = kind
        self.defaultText = defaultText
        self.help = help
        self.valueName = valueName ?? name
        self.isStyle = isStyle
    }

    /// A number parameter.
    public static func number(_ name: String, _ range: NumberRange, default value: Double?, help: String,
                              valueName: String = "n") -> TransitionParameter {
        TransitionParameter(name: name, kind: .number(range), defaultText: value.map(NumberRange.format), help: help,
                            valueName: valueName)
    }

    /// A choice between words; the first is the default.
    public static func choice(_ name: String, _ values: [String], help: String, isStyle: Bool = true) -> TransitionParameter {
        TransitionParameter(name: name, kind: .choice(values), defaultText: values.first, help: help,
                            valueName: values.joined(separator: "|"), isStyle: isStyle)
    }

    /// An on/off switch, off by default.
    public static func flag(_ name: String, help: String, isStyle: Bool = true) -> TransitionParameter {
        TransitionParameter(name: name, kind: .flag, defaultText: nil, help: help, isStyle: isStyle)
    }

    /// Reads a value written as text (on the command line, in a spec or a job file).
    public func parse(_ text: String) throws -> ParameterValue {
        switch kind {
        case let .number(range):
            guard let number = DecimalNumber.read(text.trimmingSpaces) else {
                throw ParameterError(parameter: name, value: "'\(text)'", expected: "a number " + range.description,
                                     isUnreadable: true)
            }
            return .number(try check(number))
        case let .choice(values):
            // Words are read in any case (`VERTICAL`), as options' words are, and become the word declared.
            guard let word = values.first(where: { $0.lowercased() == text.lowercased() }) else {
                throw ParameterError(parameter: name, value: "'\(text)'", expected: "one of " + values.joined(separator: ", "),
                                     isUnreadable: true)
            }
            return .choice(word)
        case .flag:
            switch text {
            case "true": return .flag(true)
            case "false": return .flag(false)
            default: throw ParameterError(parameter: name, value: "'\(text)'", expected: "true or false", isUnreadable: true)
            }
        }
    }

    /// `value` if it is within range; for numbers given in Swift, as by a typed initialiser.
    public func check(_ value: Double) throws -> Double {
        guard case let .number(range) = kind, range.contains(value) else {
            let expected = if case let .number(range) = kind { range.description } else { "not a number" }
            throw ParameterError(parameter: name, value: NumberRange.format(value), expected: expected)
        }
        return value
    }

    /// The choice `value` names, as declared (`COLUMN`: `column`); for words given in Swift.
    public func check(_ value: String) throws -> String {
        guard case let .choice(word) = try parse(value) else { return value }
        return word
    }

    /// The values a style parameter takes, in order (the default first); empty for others.
    var styleValues: [ParameterValue] {
        guard isStyle else { return [] }
        switch kind {
        case let .choice(values): return values.map(ParameterValue.choice)
        case .flag: return [.flag(false), .flag(true)]
        case .number: return []
        }
    }
}
