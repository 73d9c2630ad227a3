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
        discussion: """
            Examples:
              fliptrans a.png b.png -o out.mp4
              fliptrans a.png b.png -o out.webm --direction up --duration 1.5 --hold 1
              fliptrans a.png b.png -o out.mp4 --timing 'cubic-bezier(0.2,0.8,0.2,1)' --shadow 0.5
              fliptrans a.png b.png -o board.mp4 --clock --tiles 8x4 --stagger 0.03
              fliptrans a.png b.png -o demo.gif --hold 0.5
              fliptrans a.png b.png -o overlay.mov --background transparent
              fliptrans a.png b.png -o - | x264 --demuxer y4m -o out.264 -
              fliptrans still a.png b.png --at 0.3 -o frame.png
            """,
        version: version,
        subcommands: [RenderCommand.self, StillCommand.self, SheetCommand.self, StylesCommand.self, SlideshowCommand.self, BatchCommand.self, RunJobCommand.self],
        defaultSubcommand: RenderCommand.self
    )

    public init() {}

    /// Runs the command line of this process and exits with an `ExitStatus`.
    public static func main() {
        ProcessSetup.install()
        do {
            let arguments = try RawArguments.checked()
            // Only the commands that render a transition take a transition's own options.
            GivenArguments.current = command(for: arguments) is any JobCommand.Type ? ParameterArguments.expand(arguments) : arguments
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
