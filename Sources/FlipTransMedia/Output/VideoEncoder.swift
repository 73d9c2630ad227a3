import Dispatch
import FlipTransCore

/// Encodes RGBA frames into a video file, an animated WebP or APNG, a numbered image sequence
/// or a stream on stdout, in-process through libavcodec/libavformat (GIF has `GIFEncoder`).
/// Writes to a hidden temporary file (or folder) beside the target, moved into place only by
/// `finish()`.
public final class VideoEncoder {
    public let settings: EncoderSettings
    public private(set) var statistics = EncoderStatistics()
    private let path: String
    private let converter: PictureConverter
    private let stream: EncodedStream
    /// True once the converter holds a converted frame.
    private var hasPicture = false
    private var finished = false

    /// Opens the encoder; throws a MediaError naming `path` for a missing or read-only directory,
    /// options that do not apply or are out of range, a bad size, or anything FFmpeg refuses.
    /// `audio` adds a soundtrack as long as the video will be (MP4, MOV: AAC; WebM, MKV: Opus).
    public init(writingTo path: String, settings: EncoderSettings, audio: AudioRequest? = nil) throws {
        self.path = path
        self.settings = settings
        let plan = try settings.plan(path: path)
        converter = try PictureConverter(size: settings.size, pixelFormat: plan.pixelFormat, colour: plan.colour, path: path)
        stream = try EncodedStream(plan: plan, size: settings.size, fps: settings.fps, path: path, format: settings.format, audio: audio)
    }

    /// Encodes one frame (premultiplied RGBA of `settings.size`).
    public func append(_ frame: Image) throws {
        try encode { try converter.convert(frame) }
    }

    /// Encodes one frame the renderer already converted into `picture`.
    package func append(_ frame: Image, converted picture: YUV420Picture) throws {
        try encode { try converter.copy(picture) }
    }

    /// Encodes the picture `fill` puts into the converter's, its time counted as conversion.
    private func encode(filling fill: () throws -> Void) throws {
        guard !finished else { throw MediaError(path: path, reason: "the video is already finished") }
        let start = DispatchTime.now().uptimeNanoseconds
        try fill()
        statistics.conversionSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        hasPicture = true
        try encodePicture()
    }

    package var takesYUV420: Bool { converter.takesYUV420 }

    /// Encodes the last frame again: its converted picture is still in the buffer.
    public func repeatLastFrame() throws {
        guard !finished else { throw MediaError(path: path, reason: "the video is already finished") }
        guard hasPicture else { throw MediaError(path: path, reason: "no frame to repeat yet") }
        try encodePicture()
    }

    private func encodePicture() throws {
        let start = DispatchTime.now().uptimeNanoseconds
        try stream.send(converter.picture.pointer, index: statistics.framesWritten)
        statistics.encodingSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        statistics.framesWritten += 1
    }

    /// Flushes the encoder, writes the trailer and moves the file to its path.
    public func finish() throws {
        guard !finished else { return }
        let start = DispatchTime.now().uptimeNanoseconds
        try stream.finish()
        finished = true
        statistics.encodingSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
extension VideoEncoder: YUV420FrameSink {}
