import FlipTransCore

/// The XML file Kdenlive reads to show a transition in its Compositions list and its parameters
/// as widgets (its data/transitions format): one per offered transition, written from the
/// mixer's parameters, so it lists what the plugin takes. Values go to MLT as the plugin reads
/// them; `factor` divides what the widget shows, so a bounded number starting at 0 shows in its
/// own units (shadow 0–4) and others show the plugin's 0–1 as 0–1000.
public enum KdenliveDescriptor {
    /// `fliptrans-page.xml`.
    public static func fileName(of type: any Transition.Type) -> String {
        MixerTransitions.pluginName(of: type) + ".xml"
    }

    public static func xml(for type: any Transition.Type) -> String {
        let service = "frei0r." + MixerTransitions.pluginName(of: type)
        var lines = [
            "<?xml version=\"1.0\"?>",
            "<!DOCTYPE kpartgui>",
            "<transition tag=\"\(service)\" id=\"\(service)\">",
            "    <name>fliptrans \(type.name)</name>",
            "    <description>\(escaped(Frei0rText.explanation(of: type)))</description>",
            "    <author>fliptrans</author>",
        ]
        for parameter in MixerParameter.all(for: type) {
            lines += element(for: parameter).map { "    " + $0 }
        }
        lines.append("</transition>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The scale a bounded number from 0 is shown in; raw 0–1000 otherwise.
    private static func widgetScale(_ range: NumberRange) -> Double {
        range.lower == 0 && range.upper.isFinite ? range.upper : 1000
    }

    private static func element(for parameter: MixerParameter) -> [String] {
        let name = escaped(parameter.name)
        let attributes: String
        var choices: [String]?
        switch parameter.meaning {
        case .position:
            // Kdenlive puts the end keyframe on the composition's last frame (%out).
            attributes = "type=\"animated\" name=\"\(name)\" default=\"0=0;%out=1\" min=\"0\" max=\"1000\" factor=\"1000\""
        case let .direction(directions):
            choices = directions.map(\.rawValue)
            attributes = ""
        case .timing:
            choices = [MixerParameter.defaultTiming] + TimingFunction.names
            attributes = ""
        case .background:
            attributes = "type=\"color\" name=\"\(name)\" default=\"0x000000ff\""
        case .transparent:
            attributes = "type=\"bool\" name=\"\(name)\" default=\"0\""
        case let .declared(declared):
            switch declared.kind {
            case let .number(range):
                attributes = numberAttributes(name, range: range, defaultValue: declared.defaultNumber)
            case let .choice(words):
                choices = words
                attributes = ""
            case .flag:
                attributes = "type=\"bool\" name=\"\(name)\" default=\"0\""
            }
        }
        var lines: [String]
        if let choices {
            let list = choices.map(escaped)
            lines = ["<parameter type=\"list\" name=\"\(name)\" default=\"\(list[0])\" paramlist=\"\(list.joined(separator: ";"))\">",
                     "    <paramlistdisplay>\(list.map(capitalised).joined(separator: ","))</paramlistdisplay>"]
        } else {
            lines = ["<parameter \(attributes)>"]
        }
        return lines + [
            "    <name>\(escaped(capitalised(parameter.name)))</name>",
            "    <comment>\(escaped(comment(for: parameter)))</comment>",
            "</parameter>",
        ]
    }

    /// The parameter's help as its widget shows it: a number shown in its own units needs no
    /// word on the plugin's 0–1, which the user never sees; one shown as 0–1000 is told so.
    private static func comment(for parameter: MixerParameter) -> String {
        guard case let .declared(declared) = parameter.meaning, case let .number(range) = declared.kind else { return parameter.help }
        guard widgetScale(range) == 1000 else { return declared.help }
        return declared.help + " " + UnitMapping(range: range, defaultValue: declared.defaultNumber).explanationPerThousand
    }

    private static func numberAttributes(_ name: String, range: NumberRange, defaultValue: Double?) -> String {
        let scale = widgetScale(range)
        let shown = { (x: Double) in NumberRange.format((x * scale * 1000).rounded() / 1000) }
        let position = UnitMapping(range: range, defaultValue: defaultValue).position(of: nil)
        let decimals = scale == 1000 ? "" : " decimals=\"2\""
        return "type=\"constant\" name=\"\(name)\" default=\"\(shown(position))\" min=\"0\" max=\"\(shown(1))\" factor=\"\(NumberRange.format(scale))\"" + decimals
    }

    private static func capitalised(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
