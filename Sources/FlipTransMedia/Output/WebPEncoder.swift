import CWebP
import FlipTransCore

/// Writes an animated WebP with libwebp's animation encoder: each frame added at the millisecond
/// it starts (rounded to the nearest) and the clip's end given after the last, so every frame
/// lasts what the clip says and the file as long as the clip; a repeated frame (a hold) only
/// lengthens the one before.
///
/// Lossy frames are each coded whole (key frames). Coded as changes from the frame before,
/// libwebp keeps an earlier pixel wherever the new one differs by less than its quality allows,
/// so the last traces of a card's fading shade stayed on B's hold, as stripes and a darker cast
/// (28 dB, where B coded alone at quality 75 scores 46). FFmpeg's own WebP encoder offers no way
/// to say so, and rounds each frame's start down to the millisecond.
public final class WebPEncoder: OutputSink {
    /// The settings it was opened with.
    public let settings: EncoderSettings
    public private(set) var statistics = EncoderStatistics()
    private let path: String
    private let output: TemporaryOutputFile
    private let encoder: OpaquePointer
    private var config = WebPConfig()
    /// A frame's straight RGBA rows, as libwebp takes them.
    private var rows: [UInt8]
    /// The number of the next frame (repeats counted), whose start is its timestamp.
    private var nextFrame = 0
    private var finished = false

    /// Opens an animated WebP encoder for `path`; `settings.format` should be `.webp` (not
    /// checked). Throws a `MediaError` naming `path` for settings the format refuses.
    public init(writingTo path: String, settings: EncoderSettings) throws {
        self.path = path
        self.settings = settings
        _ = try settings.check(path: path)
        var animation = WebPAnimEncoderOptions()
        var config = WebPConfig()
        guard WebPAnimEncoderOptionsInit(&animation) != 0, WebPConfigInit(&config) != 0 else {
            throw MediaError(.unavailable, path: path, reason: "libwebp's version does not match the one fliptrans was built with")
        }
        // Made first: should the encoder not start, the temporary file it leaves is removed.
        output = try TemporaryOutputFile(target: path)
        animation.anim_params.loop_count = Int32(settings.options.loopCount ?? 0)
        // The canvas's colour before the first frame, which viewers may paint where frames are
        // transparent: libwebp's default is opaque white, which would show through a transparent
        // background.
        animation.anim_params.bgcolor = 0
        // Lossless frames coded as changes are exact; lossy ones are coded whole (see above).
        if !settings.options.lossless { animation.kmax = 1 }
        config.lossless = settings.options.lossless ? 1 : 0
        config.quality = Float(settings.options.webpQuality ?? 75)
        guard WebPValidateConfig(&config) != 0 else {
            throw MediaError(.invalidRequest, path: path, reason: "libwebp refuses the settings (quality \(config.quality))")
        }
        guard let encoder = WebPAnimEncoderNew(Int32(settings.size.width), Int32(settings.size.height), &animation) else {
            throw MediaError(.notEnoughMemory, path: path, reason: "cannot start libwebp's animation encoder for a \(settings.size) frame")
        }
        self.config = config
        self.encoder = encoder
        rows = [UInt8](repeating: 0, count: settings.size.width * settings.size.height * 4)
    }

    deinit {
        WebPAnimEncoderDelete(encoder)
    }

    /// Converts `frame` (premultiplied RGBA of `settings.size`) to straight RGBA and adds it at
    /// its start. Throws a `MediaError` once the WebP is finished, and for what libwebp reports.
    public func append(_ frame: Image) throws {
        guard !finished else { throw MediaError(.invalidRequest, path: path, reason: "the WebP is already finished") }
        guard frame.size == settings.size else {
            throw MediaError(.invalidRequest, path: path, reason: "a \(frame.size) frame for a \(settings.size) WebP")
        }
        let stopwatch = Stopwatch()
        let bytesPerRow = settings.size.width * 4
        rows.withUnsafeMutableBufferPointer { rows in
            for y in 0..<settings.size.height {
                frame.copyStraightRow(y, into: UnsafeMutableBufferPointer(rebasing: rows[(y * bytesPerRow)..<((y + 1) * bytesPerRow)]))
            }
        }
        statistics.conversionSeconds += stopwatch.seconds
        let encoding = Stopwatch()
        defer { statistics.encodingSeconds += encoding.seconds }
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw MediaError(.unavailable, path: path, reason: "libwebp's version does not match") }
        defer { WebPPictureFree(&picture) }
        (picture.width, picture.height, picture.use_argb) = (Int32(settings.size.width), Int32(settings.size.height), 1)
        guard WebPPictureImportRGBA(&picture, rows, Int32(bytesPerRow)) != 0 else {
            throw MediaError(.notEnoughMemory, path: path, reason: "not enough memory for a \(settings.size) frame")
        }
        guard WebPAnimEncoderAdd(encoder, &picture, try startMilliseconds(nextFrame), &config) != 0 else {
            throw MediaError(.writeFailed, path: path, reason: "libwebp could not encode a frame (\(encoderError))")
        }
        nextFrame += 1
        statistics.framesWritten += 1
    }

    /// The last frame again: it lasts a frame longer.
    public func repeatLastFrame() throws {
        guard !finished else { throw MediaError(.invalidRequest, path: path, reason: "the WebP is already finished") }
        guard nextFrame > 0 else { throw MediaError(.invalidRequest, path: path, reason: "no frame to repeat yet") }
        nextFrame += 1
        statistics.framesWritten += 1
    }

    /// Gives the clip's end, assembles the file and moves it to its path; refuses to when no
    /// frame was given.
    public func finish() throws {
        guard !finished else { return }
        guard statistics.framesWritten > 0 else { throw MediaError.noFrames(path: path) }
        let stopwatch = Stopwatch()
        defer { statistics.encodingSeconds += stopwatch.seconds }
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        guard WebPAnimEncoderAdd(encoder, nil, try startMilliseconds(nextFrame), nil) != 0, WebPAnimEncoderAssemble(encoder, &data) != 0 else {
            throw MediaError(.writeFailed, path: path, reason: "libwebp could not assemble the animation (\(encoderError))")
        }
        try output.append(UnsafeRawBufferPointer(start: data.bytes, count: data.size))
        try output.commit()
        finished = true
    }

    /// Refuses a clip of `frames` at `fps` that ends later than libwebp's timestamps reach.
    public static func checkLength(frames: Int, fps: FrameRate, path: String) throws {
        _ = try startMilliseconds(frames, fps: fps, path: path)
    }

    /// When frame `index` starts, in whole milliseconds, rounded to the nearest.
    private func startMilliseconds(_ index: Int) throws -> Int32 {
        try Self.startMilliseconds(index, fps: settings.fps, path: path)
    }

    /// libwebp counts a frame's start in milliseconds in an `int`: 2³¹ − 1 ms, about 596.5 hours,
    /// is the latest a frame, or the clip's end, can be.
    private static func startMilliseconds(_ index: Int, fps: FrameRate, path: String) throws -> Int32 {
        let milliseconds = (fps.seconds(frames: index) * 1000).rounded()
        guard milliseconds <= Double(Int32.max) else {
            // Tenths of an hour, the limit rounded down and the clip up, so that they differ.
            let limit = (Double(Int32.max) / 360_000).rounded(.down) / 10, reached = (milliseconds / 360_000).rounded(.up) / 10
            throw MediaError(.invalidRequest, path: path,
                             reason: "an animated WebP lasts at most \(limit) hours (libwebp counts milliseconds in 31 bits), and this one reaches \(reached) hours; write a video (.mp4, .webm) instead")
        }
        return Int32(milliseconds)
    }

    private var encoderError: String {
        WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "no reason given"
    }
}
