import CFFmpeg
import FlipTransCore

/// Writes a GIF89a: frames are mapped onto palettes by FFmpeg's palettegen and paletteuse
/// filters, then encoded by its gif encoder (which codes only the rectangle that changed) and
/// muxer (the loop count, and delays in whole centiseconds that add up to the clip's length). A
/// frame repeating the one before (a hold) is not coded again: the one before lasts longer.
///
/// With one palette for the clip (the default) the frames are played twice: `palettegen` sees
/// every frame's changed pixels, the first and last frames' whole, in the first pass (`endPass()`
/// ends it), and the second pass maps them onto that palette, so no frame is kept. With a palette
/// per frame, one pass.
public final class GIFEncoder: OutputSink {
    /// The settings it was opened with.
    public let settings: EncoderSettings
    public private(set) var statistics = EncoderStatistics()
    /// 2 with one palette for the clip (the default), 1 with a palette per frame.
    public let passes: Int
    private let path: String
    private let converter: PictureConverter
    private let stream: EncodedStream
    private let options: GIFOptions
    /// Gathers the palette in the first pass of a clip palette; nil once it has.
    private var paletteGraph: FilterGraph?
    /// Maps the frames onto the palette(s); made once the palette is known.
    private var mapping: FilterGraph?
    private let mapped = OwnedFrame()
    private var hasPicture = false
    private var framesPushed = 0
    /// The number of the frame pushed last, whose delay a repeat lengthens.
    private var lastPushed = 0
    private var finished = false

    /// What the measurements chose (Scripts/gif-quality.sh; README): one palette for the clip,
    /// from the pixels that change, and sierra2_4a error diffusion. sierra2 scores higher SSIM
    /// and makes smaller files but forms diagonal stripes on gradients, which SSIM misses and
    /// the blurred comparison shows; no dithering bands them outright.
    static let defaultPalette = GIFOptions.Palette.clip
    static let defaultDither = "sierra2_4a"

    /// Opens a GIF encoder for `path`; `settings.format` should be `.gif` (not checked). Throws a
    /// `MediaError` naming `path` for settings the format refuses (a rate above 50 fps, an empty
    /// size, options of other formats) or filters and encoders FFmpeg will not set up, and a
    /// `ParameterError` for an unknown `--gif-dither`.
    public init(writingTo path: String, settings: EncoderSettings) throws {
        self.path = path
        self.settings = settings
        let plan = try settings.plan(path: path)
        options = settings.options.gif
        converter = try PictureConverter(size: settings.size, pixelFormat: AV_PIX_FMT_RGBA, colour: .rgb, path: path)
        let input = FilterGraph.Input(size: settings.size, pixelFormat: AV_PIX_FMT_RGBA)
        // One palette entry is kept for transparency only when the frames have any.
        let generate = "palettegen=max_colors=\(options.colours ?? 256):reserve_transparent=\(settings.options.alpha ? 1 : 0)"
        let dither = "dither=\(options.dither ?? Self.defaultDither)"
        switch options.palette ?? Self.defaultPalette {
        case .clip:
            passes = 2
            paletteGraph = try FilterGraph("[in0]\(generate):stats_mode=diff[out]", inputs: [input], fps: settings.fps, path: path)
        case .frame:
            passes = 1
            mapping = try FilterGraph("[in0]split[frame][copy];[copy]\(generate):stats_mode=single[palette];[frame][palette]paletteuse=\(dither):new=1[out]",
                                      inputs: [input], fps: settings.fps, path: path)
        }
        stream = try EncodedStream(plan: plan, size: settings.size, fps: settings.fps, path: path, format: .gif)
    }

    /// Converts `frame` (premultiplied RGBA of `settings.size`) and hands it to the palette filter
    /// (in a clip palette's first pass) or to the mapping and the encoder. Throws a `MediaError`
    /// once the GIF is finished, and for what FFmpeg's filters or encoder report.
    public func append(_ frame: Image) throws {
        guard !finished else { throw MediaError(.invalidRequest, path: path, reason: "the GIF is already finished") }
        let stopwatch = Stopwatch()
        try converter.convert(frame)
        statistics.conversionSeconds += stopwatch.seconds
        hasPicture = true
        try pushPicture()
    }

    /// The last frame again: its delay grows by a frame (the next frame's start, or the clip's
    /// end, is a frame later); in a clip palette's first pass nothing, as a repeated frame changes
    /// no pixel. Throws a `MediaError` before the first frame of a pass and once the GIF is finished.
    public func repeatLastFrame() throws {
        guard !finished else { throw MediaError(.invalidRequest, path: path, reason: "the GIF is already finished") }
        guard hasPicture else { throw MediaError(.invalidRequest, path: path, reason: "no frame to repeat yet") }
        if paletteGraph != nil { return }
        // A delay is at most 65535 cs: a hold longer than that is coded again where it would pass it.
        if Self.centiseconds(framesPushed + 1, fps: settings.fps) - Self.centiseconds(lastPushed, fps: settings.fps) > Self.longestDelay {
            return try pushPicture()
        }
        framesPushed += 1
        statistics.framesWritten += 1
    }

    /// The longest delay a GIF frame can have, in centiseconds (16 bits).
    static let longestDelay = 65535

    /// When frame `frame` starts, in the whole centiseconds of GIF delays.
    private static func centiseconds(_ frame: Int, fps: FrameRate) -> Int { Int((fps.seconds(frames: frame) * 100).rounded()) }

    private func pushPicture() throws {
        let stopwatch = Stopwatch()
        defer { statistics.encodingSeconds += stopwatch.seconds }
        converter.picture.pointer.pointee.pts = Int64(framesPushed)
        lastPushed = framesPushed
        framesPushed += 1
        if let paletteGraph {
            try paletteGraph.push(converter.picture.pointer)
        } else {
            try mapping!.push(converter.picture.pointer)
            try drain()
        }
    }

    /// Ends the first pass of a clip palette: the palette is made, and the frames played again
    /// are mapped onto it.
    public func endPass() throws {
        guard let paletteGraph else { return }
        let stopwatch = Stopwatch()
        defer { statistics.encodingSeconds += stopwatch.seconds }
        if hasPicture {
            let following = try pictureFollowingLast()
            try withExtendedLifetime(following) { try paletteGraph.push(following.pointer) }
        }
        try paletteGraph.push(nil)
        let palette = OwnedFrame()
        guard try paletteGraph.pull(into: palette.pointer) else {
            throw MediaError(.invalidRequest, path: path, reason: "no frames to make a palette from")
        }
        let input = FilterGraph.Input(size: settings.size, pixelFormat: AV_PIX_FMT_RGBA)
        let paletteInput = FilterGraph.Input(size: PixelSize(width: Int(palette.pointer.pointee.width), height: Int(palette.pointer.pointee.height)),
                                             pixelFormat: AVPixelFormat(palette.pointer.pointee.format))
        // diff_mode=rectangle maps only the rectangle that changed, so still parts keep their
        // pixels from frame to frame instead of shimmering with the dither.
        let mapping = try FilterGraph("[in0][in1]paletteuse=dither=\(options.dither ?? Self.defaultDither):diff_mode=rectangle[out]",
                                      inputs: [input, paletteInput], fps: settings.fps, path: path)
        try mapping.push(palette.pointer, into: 1)
        try mapping.push(nil, into: 1)
        // Only now, so that one of the two graphs is always there, even after a failure above.
        (self.mapping, self.paletteGraph) = (mapping, nil)
        hasPicture = false
        (framesPushed, lastPushed) = (0, 0)
    }

    /// A frame that differs from the last one pushed in every pixel (the lowest bit of its alpha
    /// flipped), to follow it into palettegen: in `diff` mode palettegen counts a frame's pixels
    /// where the frame after it differs, so the last frame's, which nothing followed, were never
    /// counted, and B's hold showed in the colours of the frames before it. This frame's own
    /// pixels are not counted, nothing following it either.
    private func pictureFollowingLast() throws -> OwnedFrame {
        let last = converter.picture.pointer.pointee
        let next = try OwnedFrame(format: AV_PIX_FMT_RGBA, size: settings.size, path: path)
        for row in 0..<settings.size.height {
            let from = last.data.0! + row * Int(last.linesize.0), to = next.pointer.pointee.data.0! + row * Int(next.pointer.pointee.linesize.0)
            for byte in 0..<settings.size.width * 4 { to[byte] = from[byte] ^ (byte % 4 == 3 ? 1 : 0) }
        }
        next.pointer.pointee.pts = Int64(framesPushed)
        return next
    }

    /// Encodes the frames the filters have finished, each at its frame number (the filters keep it).
    private func drain() throws {
        while try mapping!.pull(into: mapped.pointer) {
            try stream.send(mapped.pointer, index: Int(mapped.pointer.pointee.pts))
            statistics.framesWritten += 1
        }
    }

    /// Flushes the filters and the encoder, writes the file and moves it into place; a second call
    /// does nothing. Throws a `MediaError` when no frame was given, or a clip palette's frames were
    /// played only once (no `endPass()`).
    public func finish() throws {
        guard !finished else { return }
        guard framesPushed > 0 else { throw MediaError.noFrames(path: path) }
        guard paletteGraph == nil else { throw MediaError(.invalidRequest, path: path, reason: "the GIF's frames were played once; its palette needs them twice") }
        let stopwatch = Stopwatch()
        try mapping!.push(nil)
        try drain()
        try stream.finish(frameCount: framesPushed)
        finished = true
        statistics.encodingSeconds += stopwatch.seconds
    }
}
