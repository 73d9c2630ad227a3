import ArgumentParser
import FlipTransCore
import Foundation

/// What a user most likely meant by an option a command does not have: one of its own options
/// or, for the commands that render a transition, a transition (`--pge`: `--page`), a
/// transition's own option (`--pullbak`: `--pullback`), or one of their words given as an
/// option (`--cubic`: `--fold cubic`, `--up`: `--direction up`); a transition's name given a value
/// (`--flip=up`) is told it takes none. swift-argument-parser's own guess knows none of the
/// transitions' words, which its parser never sees (`ParameterArguments`): it offered `--fit` for
/// `--flip=up`.
enum OptionSuggestion {
    /// The option `--name` (or `-n`) most likely meant, written as on the command line.
    static func suggestion(for name: String, command: any ParsableArguments.Type) -> String? {
        let registry = TransitionRegistry.standard
        guard name.hasPrefix("--") else { return nil }
        let typed = String(name.dropFirst(2))
        let options = longOptions(of: command)
        // A word given as an option (`--cubic`) is a guess that the user knew the word, so it must
        // be nearly exact: `--format` is not `--fold normal`, two edits away.
        let candidates = meanings(options: options, registry: registry).filter {
            !$0.isWord || NameSuggestion.edits(from: typed.lowercased(), to: $0.word) <= 1
        }
        return NameSuggestion.closest(to: typed, among: candidates.map(\.word)).flatMap { word in
            candidates.first { $0.word == word }?.meaning
        }
    }

    /// swift-argument-parser's message about an unknown option given to `command`, with this
    /// suggestion in place of its own, or about a number it could not read, with what it takes;
    /// any other message as it is. `alsoMeant` are names a file takes beside the command's
    /// options (a slide's `caption`), which may have been meant too.
    static func reworded(_ message: String, command: any ParsableArguments.Type, alsoMeant: [String] = []) -> String {
        // A value a number option could not read (a word's option lists its words): say so.
        let unread = "The value '"
        if message.hasPrefix(unread), message.hasSuffix(">'"), let end = message.range(of: "' is invalid for '--") {
            let value = message[message.index(message.startIndex, offsetBy: unread.count)..<end.lowerBound]
            return message + (Double(value) != nil ? ": it takes a whole number" : ": it takes a number")
        }
        let prefix = "Unknown option '"
        guard message.hasPrefix(prefix), let end = message.dropFirst(prefix.count).firstIndex(of: "'") else { return message }
        let name = String(message[message.index(message.startIndex, offsetBy: prefix.count)..<end])
        // A transition's name with a value it does not take (`--flip=up`) is no unknown option.
        if TransitionRegistry.standard.names.contains(String(name.dropFirst(2))), longOptions(of: command).contains("transition") {
            let transition = name.dropFirst(2)
            return "'\(name)' takes no value: it chooses the \(transition); give its options on their own (fliptrans transitions lists them)"
        }
        // Another command's very option says more than a near spelling of one of this command's.
        if let owner = commandTaking(name) { return prefix + name + "': it is an option of 'fliptrans \(owner)'" }
        if let suggested = suggestion(for: name, command: command) ?? NameSuggestion.closest(to: String(name.drop { $0 == "-" }), among: alsoMeant).map({ "--" + $0 }) {
            return prefix + name + "'. Did you mean '\(suggested)'?"
        }
        return prefix + name + "'"
    }

    /// The first other command whose options include `name` (`--audio`: slideshow), as a user who
    /// reads the README's music section and writes the default command might not know.
    private static func commandTaking(_ name: String) -> String? {
        guard name.hasPrefix("--") else { return nil }
        let option = String(name.dropFirst(2))
        return FlipTrans.configuration.subcommands.first { $0.configuration.shouldDisplay && longOptions(of: $0).contains(option) }?._commandName
    }

    /// The command `arguments` most likely meant when the parser could not read them as the
    /// default command's: a first word that is no file but a slip for a command's name
    /// (`fliptrans stil a.png b.png …`, which the video command took for an image).
    static func command(mistypedIn arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), !FileManager.default.fileExists(atPath: first),
              ObjectIdentifier(FlipTrans.command(for: arguments)) == ObjectIdentifier(FlipTrans.configuration.defaultSubcommand!) else { return nil }
        // `render` named is the default command itself: what went wrong is elsewhere.
        guard !commandNames.contains(first) else { return nil }
        return NameSuggestion.closest(to: first, among: commandNames)
    }

    /// The commands help shows, the default (`render`) first.
    static var commandNames: [String] { names(of: FlipTrans.self) }

    private static func names(of command: ParsableCommand.Type) -> [String] {
        command.configuration.subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName }
    }

    /// "Unknown command 'stil'. Did you mean 'still'?", or the commands there are when nothing is
    /// near.
    static func unknownCommand(_ typed: String, suggested: String?, among names: [String] = commandNames) -> String {
        "Unknown command '\(typed)'." + (suggested.map { " Did you mean '\($0)'?" } ?? " The commands are \(names.joined(separator: ", ")).")
    }

    /// What is wrong with `fliptrans help <topic> …` where a topic is no command (`help stil`, or
    /// `help still stil`, `still` having no commands of its own), for which swift-argument-parser
    /// shows the help of the commands it did find and exits 0 as if it had answered.
    static func unknownHelpTopic(in arguments: [String]) -> String? {
        guard arguments.first == "help" else { return nil }
        var command: ParsableCommand.Type = FlipTrans.self
        for (depth, topic) in arguments.dropFirst().prefix(while: { !$0.hasPrefix("-") }).enumerated() {
            let subcommands = command.configuration.subcommands
            if let found = subcommands.first(where: { $0._commandName == topic }) {
                command = found
                continue
            }
            let path = arguments[1...(depth + 1)].joined(separator: " ")
            let names = names(of: command)
            guard !names.isEmpty else { return "Unknown command '\(path)': '\(arguments[depth])' has no commands of its own." }
            return unknownCommand(path, suggested: NameSuggestion.closest(to: topic, among: names), among: names)
        }
        return nil
    }

    /// The words an option's name might be a slip for, each with what it means and whether it is
    /// an option's value rather than an option; likelier first. With `--transition` among
    /// `options`, the transitions' own options and values are in reach too.
    private static func meanings(options: [String], registry: TransitionRegistry) -> [(word: String, meaning: String, isWord: Bool)] {
        var meanings = options.map { ($0, "--" + $0, false) }
        guard options.contains("transition") else { return meanings }
        meanings += registry.names.map { ($0, "--" + $0, false) }
        meanings += registry.parameters.map { ($0.name, "--" + $0.name, false) }
        for parameter in registry.parameters {
            if case let .choice(words) = parameter.kind { meanings += words.map { ($0, "--\(parameter.name) \($0)", true) } }
        }
        meanings += Direction.allCases.map { ($0.rawValue, "--direction \($0.rawValue)", true) }
        return meanings
    }

    /// The long names of the options `command` shows in its help, as swift-argument-parser
    /// describes them (the description its manual and completion scripts are made from).
    /// `kind` keeps only options (`option`, which take a value) or only flags (`flag`).
    static func longOptions(of command: any ParsableArguments.Type, kind: String? = nil) -> [String] {
        guard let tool = try? JSONSerialization.jsonObject(with: Data(command._dumpHelp().utf8)) as? [String: Any],
              let description = tool["command"] as? [String: Any],
              let arguments = description["arguments"] as? [[String: Any]] else { return [] }
        return arguments.filter { ($0["shouldDisplay"] as? Bool ?? true) && (kind == nil || $0["kind"] as? String == kind) }.flatMap { argument in
            (argument["names"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "long" }.compactMap { $0["name"] as? String }
        }
    }
}
