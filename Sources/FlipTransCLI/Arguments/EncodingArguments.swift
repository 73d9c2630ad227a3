import ArgumentParser
import FlipTransMedia

/// The output's format and quality settings.
struct EncodingArguments: ParsableArguments {
    @Option(help: ArgumentHelp("The output format, instead of the one the file's extension names: \(OutputRegistry.standard.formats.filter { $0.kind == .video }.map(\.name).joined(separator: ", ")).", valueName: "name"))
    var format: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Constant rate factor: lower is better quality (x264 0–51, default 20; VP9 0–63, default 32).", valueName: "n"))
    var crf: Int?

    @Option(help: ArgumentHelp("x264 preset, ultrafast … veryslow (default medium); MP4 only.", valueName: "name"))
    var preset: String?

    /// The video format for `output`: `--format`, or the one its extension names.
    func videoFormat(of output: String) throws -> OutputFormat {
        try OutputRegistry.standard.format(for: output, named: format, kind: .video)
    }

    var options: OutputOptions { OutputOptions(crf: crf, preset: preset) }
}
