import ArgumentParser
import FlipTransCore
import FlipTransMedia

/// `fliptrans still A B --at T -o frame.png`: one frame of the transition, for posters and checks.
struct StillCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "still",
        abstract: "Write the single frame at time fraction T of the transition as a PNG."
    )

    @OptionGroup var images: ImagePairArguments

    @Option(parsing: .unconditional, help: ArgumentHelp("Time fraction of the transition, 0 (image A) to 1 (image B), before the timing curve.", valueName: "t"))
    var at: Double

    @Option(name: .shortAndLong, help: ArgumentHelp("The PNG file to write.", valueName: "file"))
    var output: String

    @OptionGroup var transition: TransitionArguments
    @OptionGroup var frame: FrameArguments
    @OptionGroup var console: ConsoleArguments

    func run() throws {
        guard output.lowercased().hasSuffix(".png") else {
            throw CLIError("\(output): unsupported output format; a still is written as .png")
        }
        guard (0...1).contains(at) else { throw CLIError("--at must be between 0 and 1, got \(at)") }
        try images.check(output: output)
        let clip = try transition.makeClip()
        try frame.check()
        let (a, b) = try images.load(frame: frame, warn: console.warn)
        let scene = clip.scene(from: a, to: b, at: at, background: try frame.backgroundColor())
        try PNGWriter.write(Renderer().render(scene), to: output)
    }
}
