import CFFmpeg
import FlipTransCore

/// Reads any file FFmpeg can open and decodes its best video stream frame by frame.
/// Used to decode images and, in tests, to read encoded videos back.
///
/// No picture over the pixel limit is allocated. The decoder's `max_pixels` is the limit itself:
/// FFmpeg checks it against the size a header declares (`ff_set_dimensions`) before the decoder
/// allocates anything of that size, and again, with the width rounded up to the stride alignment
/// (up to 64), before allocating the frame (`ff_get_buffer`). That second check also refuses some
/// pictures within the limit, e.g. 10000×10000 at 100 megapixels: when FFmpeg reports refusing
/// just the aligned size of a picture within the limit, the file is decoded again with exactly
/// that size allowed. The `FrameAllocationGate` refuses any frame over the limit all the same.
///
/// Damage is not concealed unless it is accepted. FFmpeg's JPEG decoder fills in what it cannot
/// read (grey) and carries on unless told to stop at the first error (AV_EF_EXPLODE), so it is
/// told to; the other image decoders stop at damage anyway, and some would take the same flag to
/// refuse harmless things (the TIFF decoder: any tag it does not know). When damage is accepted
/// and the decoder stops, the file is decoded again the forgiving way, and `damage` says what
/// was wrong.
final class FrameReader {
    let path: String
    let pixelLimit: PixelLimit
    /// True when FFmpeg (or `ImageFileScan`) recognised the file by content, not by its extension
    /// only: a decoding failure then means damaged or unsupported data rather than a file that is
    /// not an image at all.
    let recognisedByContent: Bool
    private let recognisedFormat: UnsafePointer<AVInputFormat>?
    private var input: InputContext
    var formatContext: UnsafeMutablePointer<AVFormatContext> { input.pointer }
    private(set) var stream: UnsafeMutablePointer<AVStream>
    private(set) var decoder: OwnedCodecContext
    private let gate: FrameAllocationGate
    private let packet = OwnedPacket()
    private let frame = OwnedFrame()
    private var reachedEndOfFile = false
    private var framesDecoded = 0
    private var decoderLimit: Int64
    private var reopened = false
    private let damagedImages: DamagedImagePolicy
    /// What is damaged in the file, once known (only when damage is accepted): found beforehand
    /// (by `ImageFileScan`) or by the decoder. The decoder conceals damage only while this is set.
    private(set) var damage: String?

    /// Picture buffers the decoder has allocated: a test hook (`PixelLimitTests` checks that an
    /// image refused for its size allocated none).
    var framesAllocated: Int { gate.allocations }

    private static let notDecodable = "not an image FFmpeg can decode"

    /// `scan` is what a look at the file found; damage it found must be accepted. `onlyImages`:
    /// a file the scan knows no image format of, read by one of FFmpeg's readers of video or
    /// sound, is refused before anything else about it (a video's first frame, a song's cover
    /// art would be taken for the image without a word; a JPEG whose EXIF thumbnail lies in its
    /// first bytes probes as raw MJPEG video, so the scan's word comes first).
    init(contentsOf path: String, pixelLimit: PixelLimit = .standard, damagedImages: DamagedImagePolicy = .refuse,
         scan: ImageFileScan = ImageFileScan(), onlyImages: Bool = false) throws {
        precondition(scan.damage == nil || damagedImages == .accept, "damage found beforehand is refused before decoding")
        FFmpegLogging.quiet
        self.path = path
        self.pixelLimit = pixelLimit
        self.damagedImages = damagedImages
        damage = scan.damage
        decoderLimit = Int64(pixelLimit.maxPixels)
        recognisedFormat = ContentProbe.format(ofFileAt: path)
        recognisedByContent = recognisedFormat != nil || scan.format != nil
        gate = FrameAllocationGate(pixelLimit: pixelLimit)
        (input, stream, decoder) = try Self.open(path, format: recognisedFormat, gate: gate, decoderLimit: decoderLimit,
                                                concealsDamage: damage != nil, refusesMedia: onlyImages && scan.format == nil)
    }

    /// Opens the file, and a decoder for its best video stream that allows `decoderLimit` pixels.
    private static func open(_ path: String, format: UnsafePointer<AVInputFormat>?, gate: FrameAllocationGate, decoderLimit: Int64,
                             concealsDamage: Bool, refusesMedia: Bool) throws -> (InputContext, UnsafeMutablePointer<AVStream>, OwnedCodecContext) {
        FFmpegLogging.reset()
        let input = try InputContext(path: path, format: format, failure: notDecodable)
        if refusesMedia, let container = mediaContainer(of: input.pointer) {
            throw MediaError(.inputUnsupported, path: path, reason: "not an image: FFmpeg reads it as \(container) (video or sound); supported: \(SupportedFormats.summary)")
        }
        var codec: UnsafePointer<AVCodec>? = nil
        let index = av_find_best_stream(input.pointer, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0)
        guard index >= 0, let codec, let stream = input.pointer.pointee.streams[Int(index)] else {
            throw MediaError(.inputUnsupported, path: path, reason: "\(notDecodable) (no picture in it)")
        }
        // Containers that declare a size are refused here; image files declare it only to the decoder.
        let declared = PixelSize(width: Int(stream.pointee.codecpar.pointee.width), height: Int(stream.pointee.codecpar.pointee.height))
        try gate.pixelLimit.check(declared, path: path)
        try FFmpegPictureCeiling.check(declared, path: path)
        let decoder = OwnedCodecContext(codec: codec)
        try check(avcodec_parameters_to_context(decoder.pointer, stream.pointee.codecpar), notDecodable, .inputUnsupported, path: path)
        decoder.pointer.pointee.pkt_timebase = stream.pointee.time_base
        decoder.pointer.pointee.max_pixels = decoderLimit
        if !concealsDamage, codec.pointee.id == AV_CODEC_ID_MJPEG { decoder.pointer.pointee.err_recognition |= AV_EF_EXPLODE }
        gate.install(on: decoder.pointer)
        try check(avcodec_open2(decoder.pointer, codec, nil), notDecodable, .inputUnsupported, path: path)
        return (input, stream, decoder)
    }

    /// What the container is called when it holds video or sound rather than one image, which
    /// FFmpeg reads with its image readers (`png_pipe`, `jpeg_pipe`, `image2`, `gif`, `ico`, …).
    private static func mediaContainer(of context: UnsafeMutablePointer<AVFormatContext>) -> String? {
        guard let format = context.pointee.iformat else { return nil }
        let name = String(cString: format.pointee.name)
        if name.hasSuffix("_pipe") || Self.imageReaders.contains(name) { return nil }
        return format.pointee.long_name.map { String(cString: $0) } ?? name
    }

    /// FFmpeg's readers of image files whose names do not end in `_pipe`.
    private static let imageReaders: Set = ["image2", "gif", "apng", "ico", "fits", "alias_pix", "brender_pix"]

    /// The next decoded frame (valid until the next call), or nil after the last one.
    func nextFrame() throws -> UnsafeMutablePointer<AVFrame>? {
        while true {
            let received = avcodec_receive_frame(decoder.pointer, frame.pointer)
            if received >= 0 {
                framesDecoded += 1
                try noteDamage(in: frame.pointer)
                return frame.pointer
            }
            if received == cffmpeg_averror_eof() { return nil }
            if received != cffmpeg_averror(EAGAIN) {
                try recover(from: received)
                continue
            }
            // Draining never asks for more input; stop rather than spin if a decoder misbehaves.
            if reachedEndOfFile { return nil }
            let fed = feedDecoder()
            if fed < 0 { try recover(from: fed) }
        }
    }

    /// Sends the next packet of our stream, or the end-of-stream signal once the file is read;
    /// returns FFmpeg's error code if that fails.
    private func feedDecoder() -> Int32 {
        while true {
            let read = av_read_frame(formatContext, packet.pointer)
            if read < 0 {
                guard read == cffmpeg_averror_eof() else { return read }
                reachedEndOfFile = true
                avcodec_send_packet(decoder.pointer, nil)
                return 0
            }
            defer { av_packet_unref(packet.pointer) }
            if packet.pointer.pointee.stream_index == stream.pointee.index {
                let sent = avcodec_send_packet(decoder.pointer, packet.pointer)
                return sent == cffmpeg_averror(EAGAIN) ? 0 : min(sent, 0)
            }
        }
    }

    /// After a failed decode, before any frame: reopens the file when FFmpeg refused only the
    /// aligned size of a picture within the limit (see above), or when damage is accepted and the
    /// decoder stopped at it; throws the error otherwise.
    private func recover(from code: Int32) throws {
        // Running out of memory is no damage to conceal.
        guard framesDecoded == 0, code != cffmpeg_averror(ENOMEM) else { throw decodingError(code) }
        if !reopened, let aligned = alignedSizeRefused() {
            reopened = true
            decoderLimit = Int64(aligned.width) * Int64(aligned.height)
        } else if damagedImages == .accept, damage == nil, sizeOverLimit == nil, case .damaged(let detail) = failure(code) {
            damage = detail
        } else {
            throw decodingError(code)
        }
        reachedEndOfFile = false
        (input, stream, decoder) = try Self.open(path, format: recognisedFormat, gate: gate, decoderLimit: decoderLimit,
                                                concealsDamage: damage != nil, refusesMedia: false)
    }

    /// A frame the decoder itself marks as damaged is refused, or noted when damage is accepted.
    private func noteDamage(in frame: UnsafeMutablePointer<AVFrame>) throws {
        guard frame.pointee.flags & AV_FRAME_FLAG_CORRUPT != 0 || frame.pointee.decode_error_flags != 0 else { return }
        let detail = "the decoder reports errors in the picture"
        guard damagedImages == .accept else { throw DamagedImagePolicy.refusal(path: path, detail: detail) }
        damage = damage ?? detail
    }

    /// The size FFmpeg refused, if it is the picture's own size with the width rounded up for
    /// alignment, and the picture itself is within the limit.
    private func alignedSizeRefused() -> PixelSize? {
        let picture = PixelSize(width: Int(decoder.pointer.pointee.width), height: Int(decoder.pointer.pointee.height))
        guard let refused = PictureSizeReport.refusedSize, picture.width > 0, picture.height > 0, pixelLimit.allows(picture),
              refused.height == picture.height, (picture.width + 1...picture.width + 63).contains(refused.width) else { return nil }
        return refused
    }

    /// A picture size over the limit that FFmpeg or the gate refused, if one was.
    private var sizeOverLimit: PixelSize? {
        guard let refused = gate.refusedSize ?? PictureSizeReport.refusedSize, !pixelLimit.allows(refused) else { return nil }
        return refused
    }

    /// Why nothing was decoded: `code` is FFmpeg's error, nil when the decoder ended without a picture.
    func decodingError(_ code: Int32?) -> MediaError {
        if let refused = sizeOverLimit { return pixelLimit.tooLarge(refused, path: path) }
        if let refused = PictureSizeReport.refusedSize, !FFmpegPictureCeiling.allows(refused) {
            return FFmpegPictureCeiling.refusal(refused, path: path)
        }
        if code == cffmpeg_averror(ENOMEM) {
            let size = PixelSize(width: Int(decoder.pointer.pointee.width), height: Int(decoder.pointer.pointee.height))
            return .notEnoughMemory(path: path, for: size, .image)
        }
        return failure(code).error(path: path, decoder: String(cString: decoder.codec.pointee.name))
    }

    private func failure(_ code: Int32?) -> DecodingFailure {
        let failure = DecodingFailure(code: code, recognisedByContent: recognisedByContent)
        // Damage found before decoding (a file cut short) explains the decoder's failure best.
        if case .damaged = failure, let damage { return .damaged(damage) }
        return failure
    }
}
