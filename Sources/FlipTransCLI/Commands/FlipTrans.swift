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
        abstract: "Render 3D transitions (\(TransitionRegistry.standard.names.joined(separator: ", "))) between still images to MP4 or WebM.",
        discussion: """
            Examples:
              fliptrans a.png b.png -o out.mp4
              fliptrans a.png b.png -o out.webm --direction up --duration 1.5 --hold 1
              fliptrans a.png b.png -o out.mp4 --timing 'cubic-bezier(0.2,0.8,0.2,1)' --shadow 0.5
              fliptrans a.png b.png -o board.mp4 --clock --tiles 8x4 --stagger 0.03
              fliptrans still a.png b.png --at 0.3 -o frame.png
            """,
        version: version,
        subcommands: [RenderCommand.self, StillCommand.self, SlideshowCommand.self, BatchCommand.self, RunJobCommand.self],
        defaultSubcommand: RenderCommand.self
    )

    public init() {}

    /// Runs the command line of this process and exits with an `ExitStatus`.
    public static func main() {
        ProcessSetup.install()
        do {
            GivenArguments.current = ParameterArguments.expand(try RawArguments.checked())
            var command = try parseAsRoot(GivenArguments.current)
            try command.run()
            Foundation.exit(ExitStatus.success)
        } catch {
            Foundation.exit(ExitStatus.report(error))
        }
    }
}
