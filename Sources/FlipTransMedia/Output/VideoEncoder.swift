import FlipTransCore

/// Encodes RGBA frames into a video file, an animated WebP or APNG, a numbered image sequence
/// or a stream on stdout, in-process through libavcodec/libavformat (GIF has `GIFEncoder`).
/// Writes to a hidden temporary file (or folder) beside the target, moved into place only by
/// `finish()`.
public final class VideoEncoder {
    /// The settings it was opened with.
    public let settings: EncoderSettings
    public private(set) var statistics = EncoderStatistics()
    private let path: String
    private let converter: PictureConverter
    private let stream: EncodedStream
    /// The picture sent last, which `repeatLastFrame` sends again: the converter's, or one lent
    /// to the renderer (which has it back only after the next).
    private var lastPicture: OwnedFrame?
    private var finished = false

    /// Opens the encoder; throws a MediaError naming `path` for a missing or read-only directory,
    /// options that do not apply or are out of range, a bad size, or anything FFmpeg refuses.
    /// `audio` adds a soundtrack as long as the video will be (MP4, MOV: AAC; WebM, MKV: Opus; beside ProRes: PCM).
    public init(writingTo path: String, settings: EncoderSettings, audio: AudioRequest? = nil) throws {
        self.path = path
        self.settings = settings
        let plan = try settings.plan(path: path)
        converter = try PictureConverter(size: settings.size, pixelFormat: plan.pixelFormat, colour: plan.colour, path: path)
        stream = try EncodedStream(plan: plan, size: settings.size, fps: settings.fps, path: path, format: settings.format, audio: audio)
    }

    /// Encodes one frame (premultiplied RGBA of `settings.size`).
    public func append(_ frame: Image) throws {
        try checkNotFinished()
        let stopwatch = Stopwatch()
        try converter.convert(frame)
        statistics.conversionSeconds += stopwatch.seconds
        try encode(converter.picture)
    }

    package var takesYUV420: Bool { converter.takesYUV420 }

    /// A picture of the video's own for the renderer to convert a frame into.
    package func picture(reusing reused: (any YUV420PictureBuffer)?) throws -> any YUV420PictureBuffer {
        guard takesYUV420 else { throw MediaError(.invalidRequest, path: path, reason: "this video's pictures are not 8-bit 4:2:0") }
        guard let picture = reused as? EncoderPicture else { return try EncoderPicture(size: settings.size, path: path) }
        try picture.makeWritable(path: path)
        return picture
    }

    /// Encodes a frame the renderer converted into `picture`, one that `picture(reusing:)` made.
    package func append(converted picture: any YUV420PictureBuffer) throws {
        try checkNotFinished()
        guard let picture = picture as? EncoderPicture, picture.size == settings.size else {
            throw MediaError(.invalidRequest, path: path, reason: "a \(picture.size) picture that is not one of this \(settings.size) video's")
        }
        try encode(picture.frame)
    }

    /// Encodes the last frame again: its converted picture is still in its buffer.
    public func repeatLastFrame() throws {
        try checkNotFinished()
        guard let lastPicture else { throw MediaError(.invalidRequest, path: path, reason: "no frame to repeat yet") }
        try encode(lastPicture)
    }

    private func checkNotFinished() throws {
        guard !finished else { throw MediaError(.invalidRequest, path: path, reason: "the video is already finished") }
    }

    private func encode(_ picture: OwnedFrame) throws {
        lastPicture = picture
        let stopwatch = Stopwatch()
        try stream.send(picture.pointer, index: statistics.framesWritten)
        statistics.encodingSeconds += stopwatch.seconds
        statistics.framesWritten += 1
    }

    /// Flushes the encoder, writes the trailer and moves the file to its path; refuses to when no
    /// frame was given.
    public func finish() throws {
        guard !finished else { return }
        guard statistics.framesWritten > 0 else { throw MediaError.noFrames(path: path) }
        let stopwatch = Stopwatch()
        try stream.finish()
        finished = true
        statistics.encodingSeconds += stopwatch.seconds
    }
}
extension VideoEncoder: YUV420FrameSink {}
