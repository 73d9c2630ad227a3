import CFFmpeg

/// Why FFmpeg gave no picture for a file it opened, in words for the file's owner: the file is
/// not an image FFmpeg knows, uses a feature FFmpeg cannot decode, or is damaged. FFmpeg's error
/// codes rarely tell these apart (a float TIFF and a cut one both give "Invalid data found"), so
/// the lines it logged while decoding are read as well.
enum DecodingFailure: Equatable {
    case notAnImage(String)
    case unsupported(String)
    case damaged(String)

    /// The failure behind `code` (nil: the decoder ended without a picture), given the lines FFmpeg
    /// has logged on this thread.
    init(code: Int32?, recognisedByContent: Bool) {
        let codeText = code.map(ffmpegErrorText) ?? "no picture in it"
        guard recognisedByContent else {
            self = .notAnImage(codeText)
            return
        }
        let lines = FFmpegLogging.lines
        if let missingFeature = lines.first(where: Self.namesMissingFeature) {
            self = .unsupported("FFmpeg: \(Self.withoutAdvice(missingFeature.text))")
        } else if code == cffmpeg_averror_patchwelcome() {
            self = .unsupported("FFmpeg: \(codeText)")
        } else if let error = Self.damageLine(in: lines.filter { $0.level <= AV_LOG_ERROR }.map(\.text)) {
            self = .damaged("FFmpeg: \(error)")
        } else {
            self = .damaged(codeText)
        }
    }

    /// The line that says best what is damaged. The JPEG decoder's first, "error count: 67", is
    /// a coefficient's index past the end of its block, which means nothing to a reader; the
    /// line after it names the block ("error y=19 x=55").
    static func damageLine(in errors: [String]) -> String? {
        if let block = errors.first(where: { $0.hasPrefix("error y=") }) {
            let place = block.dropFirst("error ".count).split(separator: " ").sorted().joined(separator: ", ")
            return "cannot read the block at \(place)"
        }
        return errors.first { !$0.hasPrefix("error count: ") } ?? errors.first
    }

    func error(path: String, decoder: String) -> MediaError {
        switch self {
        case .notAnImage(let detail):
            return MediaError(.inputUnsupported, path: path, reason: "not an image FFmpeg can decode (\(detail))")
        case .unsupported(let detail):
            return MediaError(.inputUnsupported, path: path, reason: "this \(SupportedFormats.name(ofDecoder: decoder)) is not supported (\(detail)); supported: \(SupportedFormats.summary)")
        case .damaged(let detail) where decoder == "psd" && detail.lowercased().contains("rle"):
            // FFmpeg's PSD decoder refuses the no-op byte PackBits allows, which some writers
            // (ImageMagick) end rows with: such a file is sound, and the message must not say otherwise.
            return MediaError(.inputUnsupported, path: path,
                              reason: "FFmpeg cannot read this PSD's compressed rows (\(detail)): some programs write them in a way its decoder refuses, or they are damaged; save it uncompressed, or as PNG")
        case .damaged(let detail):
            return DamagedImagePolicy.refusal(path: path, detail: detail)
        }
    }

    /// FFmpeg's words for a feature it lacks: "… is not implemented" (any level), or an error
    /// saying "not supported" / "unsupported" (warnings such as "skipping unsupported chunk"
    /// concern metadata, not the picture).
    private static func namesMissingFeature(_ line: FFmpegLogging.Line) -> Bool {
        let text = line.text.lowercased()
        return text.contains("is not implemented")
            || (line.level <= AV_LOG_ERROR && (text.contains("not supported") || text.contains("unsupported")))
    }

    /// "channel depth 32 for rgb is not implemented. Update your FFmpeg version …" → up to "implemented".
    private static func withoutAdvice(_ text: String) -> String {
        guard let advice = text.range(of: ". Update your FFmpeg") else { return text }
        return String(text[..<advice.lowerBound])
    }
}
