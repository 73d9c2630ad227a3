import ArgumentParser
import FlipTransCore
import FlipTransMedia

/// `fliptrans sheet A B -o sheet.png --frames N`: frames of the transition in a grid, labelled
/// with their t, for docs, reviews and picking a transition.
struct SheetCommand: JobCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheet",
        abstract: "Write a contact sheet: frames of the transition at evenly spaced t (or --at), in a grid, labelled with t.",
        discussion: """
            Examples:
              fliptrans sheet a.png b.png -o sheet.png --frames 8 --size 320x180
              fliptrans sheet a.png b.png -o page.png --page --at 0.1,0.5,0.9 --columns 3
            """ + "\n\n" + TransitionHelp.text
    )

    @OptionGroup var images: ImagePairArguments

    @Option(parsing: .unconditional, help: ArgumentHelp("How many frames, at t = 0, 1/(N−1), …, 1 (2–100; default 6).", valueName: "n"))
    var frames: Int?

    @Option(help: ArgumentHelp("The time fractions to show instead, comma-separated, each 0–1: 0,0.25,0.5.", valueName: "list"))
    var at: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Frames per row (1–100; default: up to 4).", valueName: "n"))
    var columns: Int?

    @OptionGroup var transition: TransitionArguments
    @OptionGroup(title: "Frame") var frame: FrameArguments
    @OptionGroup(title: "Output") var destination: PictureOutputArguments
    @OptionGroup(title: "Console") var console: ConsoleArguments

    var output: String { destination.output }

    static let frameCount = TransitionParameter.number("frames", .between(2, 100), default: nil, help: "")
    static let columnCount = TransitionParameter.number("columns", .between(1, 100), default: nil, help: "")

    /// The time fractions: `--at`, or `--frames` evenly spaced.
    func times() throws -> [Double] {
        if let at {
            guard frames == nil else { throw CLIError("--at and --frames: give one or the other") }
            let times = try at.split(separator: ",", omittingEmptySubsequences: false).map { word in
                guard let t = Double(word.trimmingCharacters(in: .whitespaces)), (0...1).contains(t) else {
                    throw CLIError("--at: '\(word)' is not a time fraction between 0 and 1; give a list such as 0,0.25,0.5")
                }
                return t
            }
            guard (1...100).contains(times.count) else { throw CLIError("--at: give 1 to 100 time fractions, got \(times.count)") }
            return times
        }
        let count = Int(try Self.frameCount.check(Double(frames ?? 6)))
        return (0..<count).map { Double($0) / Double(count - 1) }
    }

    func job() throws -> RenderJob {
        let times = try times()
        let columns = try columns.map { Int(try Self.columnCount.check(Double($0))) } ?? min(4, times.count)
        let clip = try transition.makeClip()
        let policy = try frame.policy()
        let timeline = Timeline(segments: times.map { .still(clip, images: [0, 1], at: $0, frames: 1) })
        let labels = times.map { "t = " + String(format: "%.3g", $0) }
        let sheet = ContactSheet(columns: columns, labels: labels, background: policy.background)
        _ = try OutputRegistry.standard.format(for: output, kind: .still)
        return try RenderJob(images: images.paths, frame: policy, timeline: timeline, fps: try transition.frameRate(), output: output, format: sheet.format)
    }

    func run(_ job: RenderJob) throws {
        _ = try console.run(job)
    }
}
