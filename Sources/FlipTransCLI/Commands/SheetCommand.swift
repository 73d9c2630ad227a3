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
    @OptionGroup(title: "Output") var destination: SheetOutputArguments
    @OptionGroup(title: "Output") var existing: SkipExistingArguments
    @OptionGroup(title: "Console") var console: ConsoleArguments

    var output: String { destination.output }

    func job() throws -> RenderJob {
        let times = try layout.times()
        // Never more columns than frames: the cells past the last would be empty.
        let columns = min(try layout.columns.map { Int(try SheetArguments.columnCount.check(Double($0))) } ?? 4, times.count)
        let (clip, fps) = try transition.makeMomentClip()
        let policy = try frame.policy()
        let timeline = Timeline(segments: times.map { .still(clip, images: [0, 1], at: $0, frames: 1) })
        let labels = ContactSheet.timeLabels(times)
        let sheet = ContactSheet(columns: columns, labels: labels, background: policy.background)
        // A sheet is a PNG, whatever else a still or a video may be written as.
        let registry = OutputRegistry.standard
        let still = try? registry.format(for: output, kind: .still)
        guard still?.name == OutputFormat.png.name else {
            let named = still ?? (try? registry.format(for: output, kind: .video))
            throw MediaError(.outputRefused, path: output, reason: "a contact sheet is written as .png" + (named.map { ", not as \($0.summary)" } ?? ""))
        }
        return try RenderJob(images: images.paths, frame: policy, timeline: timeline, fps: fps, output: output, format: sheet.format)
    }

    func run(_ job: RenderJob) throws -> RenderStatistics {
        try console.run(job)
    }
}
