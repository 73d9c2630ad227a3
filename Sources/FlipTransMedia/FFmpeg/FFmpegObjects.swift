import CFFmpeg
import FlipTransCore

// Owners of the small FFmpeg objects used by both the decoder and the encoders: each frees its
// object exactly once, in deinit.

/// An owned AVFrame.
final class OwnedFrame {
    let pointer: UnsafeMutablePointer<AVFrame>

    init() {
        guard let frame = av_frame_alloc() else { fatalError("out of memory allocating an AVFrame") }
        pointer = frame
    }

    /// A frame with its own picture buffer of `format` and `size`, for encoders to fill (the
    /// output `path`'s frames).
    convenience init(format: AVPixelFormat, size: PixelSize, path: String) throws {
        self.init()
        pointer.pointee.format = format.rawValue
        pointer.pointee.width = Int32(size.width)
        pointer.pointee.height = Int32(size.height)
        try check(av_frame_get_buffer(pointer, 0), "cannot allocate a \(size) picture", .notEnoughMemory, path: path,
                  shortage: .notEnoughMemory(path: path, for: size, .frame))
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&frame)
    }
}

/// An owned AVPacket.
final class OwnedPacket {
    let pointer: UnsafeMutablePointer<AVPacket>

    init() {
        guard let packet = av_packet_alloc() else { fatalError("out of memory allocating an AVPacket") }
        pointer = packet
    }

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&packet)
    }
}

/// An owned AVCodecContext for `codec`, not yet opened.
final class OwnedCodecContext {
    let pointer: UnsafeMutablePointer<AVCodecContext>
    let codec: UnsafePointer<AVCodec>

    init(codec: UnsafePointer<AVCodec>) {
        FFmpegLogging.quiet
        guard let context = avcodec_alloc_context3(codec) else {
            fatalError("out of memory allocating an AVCodecContext")
        }
        self.codec = codec
        pointer = context
    }

    /// Opens the codec with `options`; any option the codec did not consume is an error, so a
    /// typo cannot pass silently.
    func open(options: [String: String], path: String) throws {
        var dictionary = OptionDictionary(options)
        try check(avcodec_open2(pointer, codec, &dictionary.pointer),
                  "cannot open the \(String(cString: codec.pointee.name)) encoder", .outputRefused, path: path, shortage: frameShortage(path: path))
        try dictionary.rejectLeftovers(path: path, consumer: String(cString: codec.pointee.name))
    }

    /// Running out of memory while encoding `path`'s frames of this context's size.
    func frameShortage(path: String) -> MediaError {
        .notEnoughMemory(path: path, for: PixelSize(width: Int(pointer.pointee.width), height: Int(pointer.pointee.height)), .frame)
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = pointer
        avcodec_free_context(&context)
    }
}

/// An owned, opened input AVFormatContext.
final class InputContext {
    let pointer: UnsafeMutablePointer<AVFormatContext>

    /// Opens `path` with `format`, or the one FFmpeg finds; `options` are the context's
    /// (`format_whitelist`: `SelfContainedDemuxers`).
    init(path: String, format: UnsafePointer<AVInputFormat>?, options: [String: String] = [:], failure: String) throws {
        var context: UnsafeMutablePointer<AVFormatContext>? = nil
        var dictionary = OptionDictionary(options)
        try check(avformat_open_input(&context, FFmpegPath.file(path), format, &dictionary.pointer), failure, .inputUnsupported, path: path)
        guard let context else { throw MediaError(.inputUnsupported, path: path, reason: failure) }
        pointer = context
    }

    deinit {
        var context: UnsafeMutablePointer<AVFormatContext>? = pointer
        avformat_close_input(&context)
    }
}
