import ArgumentParser
import FlipTransCore
import FlipTransMedia
import Foundation

/// The `fliptrans` command and its subcommands. A library, so that the executable (a one-line
/// `main.swift`) and `fliptrans-fuzz` run the very same parsing code.
public struct FlipTrans: ParsableCommand {
    static let version = "0.1.0"

    public static let configuration = CommandConfiguration(
        commandName: "fliptrans",
        abstract: "Render 3D transitions (\(TransitionRegistry.standard.names.joined(separator: ", "))) between still images to video (MP4, WebM, MKV, MOV), GIF, animated WebP or APNG, image sequences, or a stream on stdout.",
        // The default command's form first: the one most people type.
        usage: "fliptrans <a> <b> -o <output> [<options>]\nfliptrans <subcommand>",
        discussion: RenderCommand.examples + """

              fliptrans still a.png b.png --at 0.3 -o frame.png
              fliptrans slideshow photos/ -o holiday.mp4 --audio song.mp3
              fliptrans transitions
            """,
        version: version,
        subcommands: [RenderCommand.self, StillCommand.self, SheetCommand.self, TransitionsCommand.self, SlideshowCommand.self, BatchCommand.self, BatchWorkerCommand.self],
        defaultSubcommand: RenderCommand.self
    )

    public init() {}

    /// Runs the command line of this process and exits with an `ExitStatus`.
    public static func main() {
        ProcessorLevel.handOver()
        ProcessSetup.install()
        do {
            let arguments = try RawArguments.checked()
            guard !arguments.isEmpty else {
                throw UsageError(message: "give two images and an output, fliptrans A B -o OUT, or a command: \(OptionSuggestion.commandNames.dropFirst().joined(separator: ", "))",
                                 hint: UsageError.commandsHint)
            }
            if let problem = OptionSuggestion.unknownHelpTopic(in: arguments) {
                throw UsageError(message: problem, hint: UsageError.commandsHint)
            }
            if let problem = TypographicDash.refusal(in: arguments) {
                throw UsageError(message: problem, hint: UsageError.helpHint(for: command(for: arguments)))
            }
            if let name = DashedFileName.first(in: arguments) {
                throw UsageError(message: DashedFileName.refusal(of: name), hint: UsageError.helpHint(for: command(for: arguments)))
            }
            if let shell = try CompletionScript.requestedShell(in: arguments) {
                try StandardStream.output.write(CompletionScript(shell: shell).text)
                Foundation.exit(ExitStatus.success)
            }
            // Only the commands that render a transition take a transition's own options.
            GivenArguments.current = command(for: arguments) is any JobCommand.Type ? ParameterArguments.expand(arguments) : arguments
            if let problem = SwitchValue.misuse(in: GivenArguments.current, command: command(for: arguments)) {
                throw UsageError(message: problem, hint: UsageError.helpHint(for: command(for: arguments)))
            }
            var command = try parseAsRoot(GivenArguments.current)
            try command.run()
            Foundation.exit(ExitStatus.success)
        } catch {
            Foundation.exit(ExitStatus.report(error))
        }
    }

    /// The subcommand `arguments` run: the one their first argument names, else the default
    /// (`render`), as swift-argument-parser chooses it.
    static func command(for arguments: [String]) -> any ParsableCommand.Type {
        let subcommands = configuration.subcommands
        return subcommands.first { $0._commandName == arguments.first } ?? configuration.defaultSubcommand!
    }
}
