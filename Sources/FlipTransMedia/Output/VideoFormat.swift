/// The kinds of moving-picture file fliptrans writes: containers that take a choice of video
/// codecs (MP4, WebM, Matroska, MOV), animated images (WebP, APNG, GIF), numbered image
/// sequences (PNG, JPEG), and raw streams for other programs (YUV4MPEG2, NUT).
public enum VideoFormat: String, CaseIterable, Sendable {
    case mp4, webm, mkv, mov
    case webp, apng, gif
    case pngSequence = "png", jpegSequence = "jpg"
    case y4m, nut

    /// How errors and help name it.
    public var title: String {
        switch self {
        case .mp4: "MP4"
        case .webm: "WebM"
        case .mkv: "Matroska (MKV)"
        case .mov: "QuickTime (MOV)"
        case .webp: "animated WebP"
        case .apng: "APNG"
        case .gif: "GIF"
        case .pngSequence: "a PNG sequence"
        case .jpegSequence: "a JPEG sequence"
        case .y4m: "YUV4MPEG2"
        case .nut: "NUT"
        }
    }

    /// File extensions that choose it, lower case, without the dot.
    public var extensions: [String] {
        switch self {
        case .jpegSequence: ["jpg", "jpeg"]
        case .mp4: ["mp4", "m4v"]
        default: [rawValue]
        }
    }

    /// Whether its pictures are 4:2:0 or 4:2:2, whose colour planes are half as wide: the video
    /// containers and the raw streams. Animated images and PNG frames are RGB, JPEG frames 4:4:4.
    public var needsEvenSides: Bool {
        switch self {
        case .webp, .apng, .gif, .pngSequence, .jpegSequence: false
        default: true
        }
    }

    /// The codecs `--codec` may choose, the default first; empty for a format whose codec is fixed.
    public var codecs: [VideoCodec] {
        switch self {
        case .mp4: [.h264, .hevc, .av1]
        case .webm: [.vp9, .av1]
        case .mkv: [.h264, .hevc, .av1, .vp9, .prores]
        case .mov: [.prores, .h264, .hevc]
        default: []
        }
    }

    /// The codec `--codec` names, or the default; nil for a format whose codec is fixed (which
    /// refuses `--codec` as an option it does not take).
    func codec(_ requested: VideoCodec?) throws -> VideoCodec? {
        guard let requested, !codecs.isEmpty else { return codecs.first }
        guard codecs.contains(requested) else {
            let holders = Self.allCases.filter { $0.codecs.contains(requested) }.map { "." + $0.rawValue }
            let (title, others, name) = (title, codecs.map(\.rawValue), rawValue)
            throw OptionMisuse(option: "codec") { wording in
                let alternatives = others.map { wording.setting("codec", $0) }
                let choices = alternatives.count > 1 ? alternatives.dropLast().joined(separator: ", ") + " or " + alternatives.last! : alternatives.joined()
                return "cannot be \(requested.rawValue) for \(title), which cannot hold \(requested.title); write \(holders.joined(separator: " or ")) for it, "
                    + "or use \(choices) with .\(name)"
            }
        }
        return requested
    }

    /// FFmpeg's muxer name.
    var muxerName: String {
        switch self {
        case .mkv: "matroska"
        case .pngSequence, .jpegSequence: "image2"
        case .y4m: "yuv4mpegpipe"
        default: rawValue
        }
    }

    /// True for the formats a pipe can carry, which `-o -` writes on stdout; the others need to
    /// seek back (MP4's index, an animation's frame count) or are many files.
    public var streams: Bool { [.y4m, .nut, .mkv, .webm].contains(self) }

    /// True for the numbered sequences, whose path is a printf pattern such as `f%04d.png`.
    var isSequence: Bool { self == .pngSequence || self == .jpegSequence }

    /// Whether frames with transparency keep it in this format with `codec`.
    func keepsAlpha(codec: VideoCodec?) -> Bool {
        switch self {
        case .webp, .apng, .gif, .pngSequence, .nut: true
        case .jpegSequence, .y4m: false
        case .mp4, .webm, .mkv, .mov: codec?.keepsAlpha ?? false
        }
    }

    /// What to tell someone whose frames carry transparency this format cannot keep.
    /// A codec of this container that keeps it comes first (`--codec vp9` for a Matroska file),
    /// then the other formats that do: on standard output, those a pipe carries.
    func alphaRefusal(codec: VideoCodec?, onStandardOutput: Bool = false) -> String {
        let what = codec.map { "\($0.title) in \(title)" } ?? title
        let here = codecs.filter(\.keepsAlpha).map { "--codec \($0.rawValue)" }
        let elsewhere: [(VideoFormat, String)] = onStandardOutput
            ? [(.webm, "--format webm (VP9)"), (.nut, "--format nut (raw video)")]
            : [(.webm, ".webm (VP9)"), (.mov, ".mov (ProRes 4444)"), (.webp, ".webp"), (.apng, ".apng"), (.gif, ".gif"),
               (.pngSequence, "a PNG sequence ('frames/f%04d.png')")]
        let formats = elsewhere.filter { $0.0 != self }.map(\.1)
        let others = formats.count == 1 ? formats[0] : formats.dropLast().joined(separator: ", ") + " or " + formats.last!
        let remedies = onStandardOutput ? "give " + (here + [others]).joined(separator: ", ")
                                        : here.isEmpty ? "write " + others : "give " + here.joined(separator: " or ") + ", write " + others
        return "\(what) cannot keep transparency (--background transparent or translucent); \(remedies), or give an opaque --background"
    }
}
