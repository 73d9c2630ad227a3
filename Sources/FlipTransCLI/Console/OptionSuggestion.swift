import ArgumentParser
import FlipTransCore
import FlipTransMedia
import Foundation

/// What a user most likely meant by an option a command does not have: one of its own options
/// or, for the commands that render a transition, a transition (`--pge`: `--page`), a
/// transition's own option (`--pullbak`: `--pullback`), or one of their words given as an
/// option (`--cubic`: `--fold cubic`, `--up`: `--direction up`); a transition's name given a value
/// (`--flip=up`) is told it takes none. swift-argument-parser's own guess knows none of the
/// transitions' words, which its parser never sees (`ParameterArguments`): it offered `--fit` for
/// `--flip=up`.
enum OptionSuggestion {
    /// Other tools' names for options this one has (ffmpeg's, CSS's, other slideshow makers'),
    /// which no spelling would reach; a one-letter name is ffmpeg's (`-r` for `--fps`).
    private static let otherToolsNames = [
        "framerate": "fps", "frame-rate": "fps", "rate": "fps",
        "loops": "loop-count", "loop": "loop-count", "repeat": "loop-count",
        "bg": "background", "background-color": "background", "resolution": "size", "dimensions": "size",
        "easing": "timing", "ease": "timing", "transition-duration": "duration",
        "width": "size", "height": "size", "scale": "size", "s": "size", "r": "fps",
        "quality": "crf", "colors": "gif-colors", "colours": "gif-colors", "palette": "gif-palette", "dither": "gif-dither",
        "slide-duration": "hold", "clip-duration": "hold", "pause": "hold",
    ]

    /// The option `--name` (or `-n`) most likely meant, written as on the command line.
    static func suggestion(for name: String, command: any ParsableArguments.Type, arguments: [String]) -> String? {
        let registry = TransitionRegistry.standard
        let options = longOptions(of: command)
        // ffmpeg's one-letter options (`-r 30`, `-s 640x360`).
        if !name.hasPrefix("--") {
            return otherToolsNames[String(name.dropFirst())].flatMap { options.contains($0) ? "--" + $0 : nil }
        }
        let typed = String(name.dropFirst(2))
        // A WebP's quality is its own option; `--crf` is the videos'.
        if typed.lowercased() == "quality", options.contains("webp-quality"), writesWebP(arguments) { return "--webp-quality" }
        if let synonym = otherToolsNames[typed.lowercased()], options.contains(synonym) { return "--" + synonym }
        // A word given as an option (`--cubic`) is a guess that the user knew the word, so it must
        // be nearly exact: `--format` is not `--fold normal`, two edits away.
        let candidates = meanings(options: options, registry: registry).filter {
            !$0.isWord || abs($0.word.count - typed.count) <= 1 && NameSuggestion.edits(from: typed.lowercased(), to: $0.word) <= 1
        }
        return NameSuggestion.closest(to: typed, among: candidates.map(\.word)).flatMap { word in
            candidates.first { $0.word == word }?.meaning
        }
    }

    /// Whether the command line's output (`-o out.webp`, `--output=out.webp`) is an animated WebP.
    private static func writesWebP(_ arguments: [String]) -> Bool {
        let outputs = zip(arguments, arguments.dropFirst()).compactMap { ["-o", "--output"].contains($0.0) ? $0.1 : nil }
            + arguments.compactMap { argument in ["-o=", "--output="].first(where: argument.hasPrefix).map { String(argument.dropFirst($0.count)) } }
        return outputs.contains { FilePaths.extension(of: $0) == "webp" }
    }

    /// swift-argument-parser's message about an unknown option given to `command`, with this
    /// suggestion in place of its own, or about a number it could not read, with what it takes;
    /// any other message as it is. `alsoMeant` are names a file takes beside the command's
    /// options (a slide's `caption`), which may have been meant too. `arguments` are those the
    /// message is about: the command line's, or a spec's or job line's.
    static func reworded(_ message: String, command: any ParsableArguments.Type, alsoMeant: [String] = [],
                         arguments: [String] = GivenArguments.current) -> String {
        // A value a number option could not read (a word's option lists its words): say so.
        let unread = "The value '"
        if message.hasPrefix(unread), message.hasSuffix(">'"), let end = message.range(of: "' is invalid for '--") {
            let value = message[message.index(message.startIndex, offsetBy: unread.count)..<end.lowerBound]
            if message.contains(",seconds]>'") { return message + ": it takes seconds, or two numbers of seconds apart by a comma ('0.5,2')" }
            // Options of whole numbers are named `<n>` (`--crf <n>`): `2,5` is no decimal for them.
            let whole = message.hasSuffix(" <n>'") || Double(value) != nil
            return message + (whole ? ": it takes a whole number" : ": it takes a number" + DecimalComma.hint(for: String(value)))
        }
        // `--background #ffffff` unquoted: the shell drops the colour as a comment.
        if message.hasPrefix("Missing value for '--background") {
            return message + ": quote a colour that starts with # ('#ffffff'), as the shell reads an unquoted # as the start of a comment"
        }
        if let value = valueSuggestion(message) { return value }
        if let slideshow = slideshowSuggestion(message, command: command) { return slideshow }
        let prefix = "Unknown option '"
        guard message.hasPrefix(prefix), let end = message.dropFirst(prefix.count).firstIndex(of: "'") else { return message }
        let name = String(message[message.index(message.startIndex, offsetBy: prefix.count)..<end])
        // A transition's name with a value it does not take (`--flip=up`) is no unknown option.
        if TransitionRegistry.standard.names.contains(String(name.dropFirst(2))), longOptions(of: command).contains("transition") {
            let transition = name.dropFirst(2)
            return "'\(name)' takes no value: it chooses the \(transition); give its options on their own (fliptrans transitions lists them)"
        }
        // Another command's very option says more than a near spelling of one of this command's,
        // unless this command has it under another tool's name (`--loop` for `--loop-count`).
        if let owner = commandTaking(name) {
            let here = otherToolsNames[String(name.dropFirst(2))].flatMap { longOptions(of: command).contains($0) ? $0 : nil }
            return prefix + name + "': it is an option of 'fliptrans \(owner)'" + (here.map { "; here, did you mean '--\($0)'?" } ?? "")
        }
        if let suggested = suggestion(for: name, command: command, arguments: arguments) ?? NameSuggestion.closest(to: String(name.drop { $0 == "-" }), among: alsoMeant).map({ "--" + $0 }) {
            return prefix + name + "'. Did you mean '\(suggested)'?"
        }
        return prefix + name + "'"
    }

    /// Other tools' names for values of this tool's options: codecs by their encoders' names.
    private static let otherToolsValues = [
        "codec": ["x264": "h264", "libx264": "h264", "avc": "h264", "h265": "hevc", "x265": "hevc", "libx265": "hevc",
                  "libvpx-vp9": "vp9", "svt-av1": "av1", "libsvtav1": "av1", "aom": "av1", "prores_ks": "prores"],
    ]

    /// swift-argument-parser's message about a value an option of fixed words does not take
    /// ("The value 'upp' is invalid for '--direction <direction>'. Please provide one of 'left', …"),
    /// with the word most likely meant.
    private static func valueSuggestion(_ message: String) -> String? {
        let start = "The value '", middle = "' is invalid for '--", list = "Please provide one of "
        guard message.hasPrefix(start), let valueEnd = message.range(of: middle), let listStart = message.range(of: list) else { return nil }
        let value = String(message[message.index(message.startIndex, offsetBy: start.count)..<valueEnd.lowerBound])
        let option = String(message[valueEnd.upperBound...].prefix { $0 != " " && $0 != "'" })
        let words = message[listStart.upperBound...].split(separator: "'", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        guard let meant = otherToolsValues[option]?[value.lowercased()] ?? NameSuggestion.closest(to: value, among: words) else { return nil }
        return message + " Did you mean '\(meant)'?"
    }

    /// swift-argument-parser's message when the video command, which takes two images, is given
    /// more, or a folder: what makes a video of many images.
    private static func slideshowSuggestion(_ message: String, command: any ParsableArguments.Type) -> String? {
        guard ObjectIdentifier(command) == ObjectIdentifier(RenderCommand.self) else { return nil }
        // A third image: a word named like an image (not a stray value, `--hold 1 2`).
        let unexpected = "Unexpected argument '"
        if message.hasPrefix(unexpected), message.hasSuffix("'") {
            let word = String(message.dropFirst(unexpected.count).dropLast())
            guard SupportedFormats.imageExtensions.contains(FilePaths.extension(of: word)) else { return nil }
            return message + ": two images make a transition; more make a slideshow (fliptrans slideshow IMAGE… -o OUT)"
        }
        // A folder where the first image goes.
        var isFolder: ObjCBool = false
        guard message.hasPrefix("Missing expected argument '<"), let folder = GivenArguments.current.drop(while: { $0 == "render" }).first, !folder.hasPrefix("-"),
              FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else { return nil }
        return message + ": \(folder) is a folder; a folder's images make a slideshow (fliptrans slideshow \(folder) -o OUT)"
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
