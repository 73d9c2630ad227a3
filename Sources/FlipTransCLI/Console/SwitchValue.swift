import ArgumentParser
import Foundation

/// A switch written with a value, as other tools and settings files spell one (`--loop false`,
/// `--allow-damaged yes`): swift-argument-parser would take the word for an image, or refuse it
/// as one too many, and never say that the switch takes no value, nor how to turn it off.
enum SwitchValue {
    /// The words other tools and settings files write a switch's value with.
    static let words: Set = ["true", "false", "yes", "no", "on", "off"]

    /// The refusal of the first switch of `command` in `arguments` followed by such a word (that
    /// names no file: an image may be called `no`).
    static func misuse(in arguments: [String], command: any ParsableArguments.Type) -> String? {
        let options = arguments.prefix { $0 != "--" }
        // Reading the command's switches costs a help dump: only when a word could be a value.
        guard options.contains(where: { words.contains($0.lowercased()) }) else { return nil }
        let switches = Set(OptionSuggestion.longOptions(of: command, kind: "flag"))
        for (name, value) in zip(options, options.dropFirst()) {
            let option = String(name.dropFirst(2))
            guard name.hasPrefix("--"), switches.contains(option), words.contains(value.lowercased()),
                  !FileManager.default.fileExists(atPath: value) else { continue }
            let base = option.hasPrefix("no-") && switches.contains(String(option.dropFirst(3))) ? String(option.dropFirst(3)) : option
            let off = switches.contains("no-" + base) ? "--no-\(base) to turn it off" : "leave it out to keep it off"
            return "\(name) is a switch and takes no value ('\(value)'): give --\(base) to turn it on, \(off)"
        }
        return nil
    }
}
