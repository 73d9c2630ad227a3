import FlipTransCore

/// The values of a mixer's parameters, as the transition reads them. Parameters never set keep
/// the transition's defaults.
public struct MixerSettings: Sendable, Equatable {
    /// The time fraction t ∈ [0, 1].
    public var position = 0.0
    /// Nil: the transition's own.
    public var direction: Direction?
    /// Declared parameters (the transition's own, shadow, perspective) that were set.
    public var values = ParameterValues()
    /// Nil: the transition's own; else a timing function as the host wrote it, which
    /// `TimingFunction` reads (as the command line's `--timing`).
    public var timing: String?
    /// The last timing text refused, so that a host sending it every frame does not have it
    /// read (and refused, allocating) every frame.
    var refusedTiming: String?
    public var background = Color.black
    /// True: no background, the frame transparent wherever no panel covers it.
    public var transparent = false

    public init() {}

    /// What the transition is built from: everything but the position, the timing and the background.
    public var transitionSettings: TransitionSettings {
        var settings = TransitionSettings(direction: direction, perspective: values.stored(SharedParameters.perspective.name), parameters: values)
        if let shadow = values.stored(SharedParameters.shadow.name) { settings.shadow = shadow }
        return settings
    }
}

/// A parameter value as frei0r carries it: bools and doubles are both doubles.
public enum MixerValue: Sendable, Equatable {
    case number(Double)
    /// Components in [0, 1].
    case color(red: Double, green: Double, blue: Double)
    case text(String)
}

extension MixerParameter {
    /// Sets `value` in `settings`. A value a well-behaved host never sends — NaN, a word that is
    /// not one of the choices, a malformed timing, a value of another type — leaves the setting
    /// as it was; numbers outside [0, 1] are clamped; words are read in any case (`UP`, `Cubic`).
    public func set(_ value: MixerValue, in settings: inout MixerSettings) {
        switch (meaning, value) {
        case let (.position, .number(x)) where !x.isNaN:
            settings.position = min(max(x, 0), 1)
        case let (.direction(directions), .text(word)):
            if let direction = Direction(rawValue: word.lowercased()), directions.contains(direction) { settings.direction = direction }
        case let (.declared(parameter), _):
            setDeclared(parameter, value, in: &settings.values)
        // Hosts set every value on every frame: the same text again is not read again.
        case let (.timing, .text(text)) where text != settings.timing && text != settings.refusedTiming:
            if text.isEmpty || text.lowercased() == MixerParameter.defaultTiming {
                settings.timing = nil
            } else if (try? TimingFunction.parse(css: text)) != nil {
                settings.timing = text
            } else {
                settings.refusedTiming = text
            }
        case let (.background, .color(red, green, blue)) where !(red.isNaN || green.isNaN || blue.isNaN):
            func byte(_ component: Double) -> UInt8 { UInt8((min(max(component, 0), 1) * 255).rounded()) }
            settings.background = Color(red: byte(red), green: byte(green), blue: byte(blue))
        case let (.transparent, .number(x)) where !x.isNaN:
            settings.transparent = x >= 0.5
        default:
            break
        }
    }

    private func setDeclared(_ parameter: TransitionParameter, _ value: MixerValue, in values: inout ParameterValues) {
        // Hosts set every parameter on every frame (MLT does): the same value again writes
        // nothing, so the values' storage, shared with the transition's last settings, is not
        // copied for it.
        func update(_ newValue: ParameterValue?) {
            if values[parameter.name] != newValue { values[parameter.name] = newValue }
        }
        switch (parameter.kind, value) {
        case let (.number(range), .number(x)):
            guard let mapped = UnitMapping(range: range, defaultValue: parameter.defaultNumber).value(at: x) else { return }
            update(mapped.map(ParameterValue.number))
        case let (.choice(words), .text(word)):
            if words.contains(word.lowercased()) { update(.choice(word.lowercased())) }
        case let (.flag, .number(x)) where !x.isNaN:
            update(.flag(x >= 0.5))
        default:
            break
        }
    }

    /// The value as the host reads it back; for a parameter never set, the transition's default
    /// (for a direction, the first the transition lists, which is its default).
    public func value(in settings: MixerSettings) -> MixerValue {
        switch meaning {
        case .position:
            return .number(settings.position)
        case let .direction(directions):
            return .text((settings.direction ?? directions[0]).rawValue)
        case let .declared(parameter):
            switch parameter.kind {
            case let .number(range):
                return .number(UnitMapping(range: range, defaultValue: parameter.defaultNumber).position(of: settings.values.stored(parameter.name)))
            case let .choice(words):
                if case let .choice(word)? = settings.values[parameter.name] { return .text(word) }
                return .text(words[0])
            case .flag:
                return .number(settings.values[parameter.name] == .flag(true) ? 1 : 0)
            }
        case .timing:
            return .text(settings.timing ?? MixerParameter.defaultTiming)
        case .background:
            let colour = settings.background
            return .color(red: Double(colour.red) / 255, green: Double(colour.green) / 255, blue: Double(colour.blue) / 255)
        case .transparent:
            return .number(settings.transparent ? 1 : 0)
        }
    }
}

extension ParameterValues {
    /// The number the mixer stored for `name`, or nil: it stores each value as its parameter's kind.
    fileprivate func stored(_ name: String) -> Double? {
        if case let .number(value)? = self[name] { return value }
        return nil
    }
}
