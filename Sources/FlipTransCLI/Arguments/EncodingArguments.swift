import ArgumentParser
import FlipTransMedia

/// The output's format and quality settings.
struct EncodingArguments: ParsableArguments {
    @Option(help: ArgumentHelp("The output format, instead of the one the file's extension names: \(Self.formatNames.joined(separator: ", ")); for -o - (stdout) y4m (the default), nut, mkv or webm.", valueName: "name"),
            completion: .list(Self.formatNames))
    var format: String?

    @Option(help: ArgumentHelp("The video codec: h264, hevc or av1 in .mp4 (default h264); vp9 or av1 in .webm (default vp9); prores, h264 or hevc in .mov (default prores); any in .mkv (default h264).", valueName: "name"))
    var codec: VideoCodec?

    @Option(parsing: .unconditional, help: ArgumentHelp("Constant rate factor: lower is better quality (\(VideoCodec.crfSummary)).", valueName: "n"))
    var crf: Int?

    @Option(help: ArgumentHelp("Encoder preset: \(VideoCodec.x26xPresets.joined(separator: ", ")) for H.264 and HEVC (default \(VideoCodec.defaultX26xPreset)); \(VideoCodec.svtPresets.lowerBound) (slowest) … \(VideoCodec.svtPresets.upperBound) (fastest) for AV1 (default \(VideoCodec.defaultSVTPreset)).", valueName: "name"),
            completion: .list(VideoCodec.x26xPresets), transform: { $0.lowercased() })
    var preset: String?

    @Flag(inversion: .prefixedNo, help: "Animated WebP: lossless instead of lossy.")
    var lossless = false

    @Option(name: .customLong("webp-quality"), parsing: .unconditional, help: ArgumentHelp("Lossy animated WebP: quality 0–100, higher is better and larger (default 75).", valueName: "n"))
    var webpQuality: Int?

    @Option(name: .customLong("loop-count"), parsing: .unconditional, help: ArgumentHelp("GIF, WebP and APNG: how many times the animation plays; 0 (the default) plays it forever.", valueName: "n"))
    var loopCount: Int?

    @Option(name: .customLong("gif-palette"), help: ArgumentHelp("GIF: one palette for the clip (clip, the default: the frames are rendered twice) or one per frame (frame).", valueName: "clip|frame"))
    var gifPalette: GIFOptions.Palette?

    @Option(name: .customLong("gif-dither"), help: ArgumentHelp("GIF dithering: \(GIFOptions.ditherMethods.joined(separator: ", ")) (default sierra2_4a).", valueName: "name"),
            completion: .list(GIFOptions.ditherMethods), transform: { $0.lowercased() })
    var gifDither: String?

    @Option(name: .customLong("gif-colors"), parsing: .unconditional, help: ArgumentHelp("GIF: colours in a palette, 4–256 (default 256).", valueName: "n"))
    var gifColors: Int?

    private static var formatNames: [String] { OutputRegistry.standard.formats.filter { $0.kind == .video }.map(\.name) }

    /// The video format for `output`: `--format`, or the one its extension names.
    func videoFormat(of output: String) throws -> OutputFormat {
        try OutputRegistry.standard.format(for: output, named: format, kind: .video)
    }

    var options: OutputOptions {
        OutputOptions(codec: codec, crf: crf, preset: preset, lossless: lossless, webpQuality: webpQuality, loopCount: loopCount,
                      gif: GIFOptions(palette: gifPalette, dither: gifDither, colours: gifColors))
    }
}

extension VideoCodec: CaseInsensitiveWord {}
extension GIFOptions.Palette: CaseInsensitiveWord {}
