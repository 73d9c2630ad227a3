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

    @OptionGroup(title: "Contact sheet") var layout: SheetArguments
    @OptionGroup var transition: TransitionDrawingArguments
    @OptionGroup(title: "Frame") var frame: FrameArguments
    @OptionGroup(title: "Output") var destination: PictureOutputArguments
    @OptionGroup(title: "Console") var console: ConsoleArguments

    var output: String { destination.output }

    func job() throws -> RenderJob {
        let times = try layout.times()
        // Never more columns than frames: the cells past the last would be empty.
        let columns = min(try layout.columns.map { Int(try SheetArguments.columnCount.check(Double($0))) } ?? 4, times.count)
        let (clip, fps) = try transition.makeMomentClip()
        let policy = try frame.policy()
        let timeline = Timeline(segments: times.map { .still(clip, images: [0, 1], at: $0, frames: 1) })
        let labels = Self.labels(times)
        let sheet = ContactSheet(columns: columns, labels: labels, background: policy.background)
        _ = try OutputRegistry.standard.format(for: output, kind: .still)
        return try RenderJob(images: images.paths, frame: policy, timeline: timeline, fps: fps, output: output, format: sheet.format)
    }

    /// "t = 0.25" for each time, all with the same decimals: the fewest (up to 3) that show every
    /// time exactly, or else the fewest (2 to 6) that tell them apart and show none inside
    /// (0, 1) as 0 or 1. So 0.9999 is not "1", nor 0.00001 "1e-05", and spaced times line up
    /// (0.01 … 0.10 … 0.99, not 0.0101 beside 0.101).
    static func labels(_ times: [Double]) -> [String] {
        func text(_ time: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", time == 0 ? 0 : time) }
        let exact = (0...3).first { decimals in times.allSatisfy { abs((Double(text($0, decimals)) ?? .nan) - $0) < 1e-9 } }
        let decimals = exact ?? (2...6).first { decimals in
            let texts = times.map { text($0, decimals) }
            return Set(texts).count == Set(times).count
                && zip(times, texts).allSatisfy { ($0 == 0 || $1 != text(0, decimals)) && ($0 == 1 || $1 != text(1, decimals)) }
        } ?? 6
        return times.map { "t = " + text($0, decimals) }
    }

    func run(_ job: RenderJob) throws {
        _ = try console.run(job)
    }
}
