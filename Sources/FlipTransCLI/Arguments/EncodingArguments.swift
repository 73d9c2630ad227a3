import ArgumentParser
import FlipTransCore
import FlipTransMedia

/// Encoder quality settings.
struct EncodingArguments: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Constant rate factor: lower is better quality (x264 0–51, default 20; VP9 0–63, default 32).", valueName: "n"))
    var crf: Int?

    @Option(help: ArgumentHelp("x264 preset, ultrafast … veryslow (default medium); MP4 only.", valueName: "name"))
    var preset: String?

    /// The video format `output`'s extension names; refuses an unknown extension, or a crf or
    /// preset the format's encoder does not take, before any work is done.
    func format(of output: String) throws -> VideoFormat {
        guard let format = VideoFormat(path: output) else {
            throw CLIError("\(output): unsupported output format; use \(VideoFormat.supportedExtensions.map { "." + $0 }.joined(separator: " or "))")
        }
        _ = try EncoderSettings.qualityOptions(format: format, crf: crf, preset: preset, path: output)
        return format
    }

    func settings(format: VideoFormat, size: PixelSize, fps: Int) -> EncoderSettings {
        EncoderSettings(format: format, size: size, fps: fps, crf: crf, preset: preset)
    }
}
