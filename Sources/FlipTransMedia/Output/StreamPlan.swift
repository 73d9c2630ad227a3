import CFFmpeg

/// How one format is encoded through FFmpeg: the muxer, the encoder and its options, the pixel
/// format frames are converted to and the colours they are tagged with.
struct StreamPlan {
    /// The colour encoding of the pictures handed to the encoder.
    enum Colour {
        /// Y′CbCr with the BT.709 matrix in limited range, tagged BT.709: what players assume for video.
        case video
        /// Y′CbCr with the BT.601 matrix in full range, as JPEG (JFIF) defines it.
        case jpeg
        /// R′G′B′ (sRGB), with straight alpha where the format has it.
        case rgb
    }

    var muxer: String
    var encoder: String
    var pixelFormat: AVPixelFormat
    var colour: Colour
    var encoderOptions: [String: String] = [:]
    var muxerOptions: [String: String] = [:]
    /// A four-character code the container should carry instead of its default.
    var codecTag: String?
    /// A fixed quantiser (JPEG's qscale), for encoders with no other quality setting.
    var quantiser: Int32?

    init(format: VideoFormat, codec: VideoCodec?, options: OutputOptions) throws {
        muxer = format.muxerName
        colour = .video
        let alpha = options.alpha
        if let codec {
            encoder = codec.encoderName
            encoderOptions = try codec.options(crf: options.crf, preset: options.preset, alpha: alpha)
            switch codec {
            case .prores: pixelFormat = alpha ? AV_PIX_FMT_YUVA444P10LE : AV_PIX_FMT_YUV422P10LE
            case .vp9: pixelFormat = alpha ? AV_PIX_FMT_YUVA420P : AV_PIX_FMT_YUV420P
            case .h264, .hevc, .av1: pixelFormat = AV_PIX_FMT_YUV420P
            }
            // Apple's players open HEVC in MP4 and MOV only under the tag hvc1 (FFmpeg writes hev1).
            if codec == .hevc, format == .mp4 || format == .mov { codecTag = "hvc1" }
            // The index (moov) before the data, so browsers can play while loading.
            if format == .mp4 || format == .mov { muxerOptions["movflags"] = "+faststart" }
            return
        }
        switch format {
        case .apng, .pngSequence:
            (encoder, pixelFormat, colour) = (format == .apng ? "apng" : "png", alpha ? AV_PIX_FMT_RGBA : AV_PIX_FMT_RGB24, .rgb)
            // Rows predicted from their neighbours (FFmpeg predicts none by default): a third smaller
            // on gradients (20 1080p frames of the sunset: 5.5 MB against 8.2), for 60 ms a frame;
            // trying every filter ("mixed") saves 4 % more for twice that.
            encoderOptions["pred"] = "paeth"
            if format == .apng { muxerOptions["plays"] = String(options.loopCount ?? 0) }
        case .jpegSequence:
            // Colour at full resolution, as ffmpeg writes JPEG from RGB: frames of screens and
            // text keep their coloured edges (4:2:0 gave 38 dB on the samples, 4:4:4 47 dB).
            (encoder, pixelFormat, colour) = ("mjpeg", AV_PIX_FMT_YUVJ444P, .jpeg)
            // qscale 2 of 2–31: the best quality before the files grow for nothing.
            quantiser = 2
        case .gif:
            (encoder, pixelFormat, colour) = ("gif", AV_PIX_FMT_PAL8, .rgb)
            // The muxer's loop counts repeats after the first play, and -1 writes no loop at all.
            let plays = options.loopCount ?? 0
            muxerOptions["loop"] = String(plays == 0 ? 0 : plays == 1 ? -1 : plays - 1)
            // The encoder codes only the rectangle that changed and marks unchanged pixels
            // transparent, over the frame before (disposal "keep"): a pixel that turns
            // transparent would show the old one through, so frames with alpha are coded whole.
            if alpha { encoderOptions["gifflags"] = "0" }
        case .y4m:
            // The muxer takes the decoded pictures themselves, wrapped.
            (encoder, pixelFormat) = ("wrapped_avframe", AV_PIX_FMT_YUV420P)
        case .nut:
            (encoder, pixelFormat) = ("rawvideo", alpha ? AV_PIX_FMT_YUVA420P : AV_PIX_FMT_YUV420P)
        case .mp4, .webm, .mkv, .mov:
            fatalError("a container with codecs always has one")
        case .webp:
            fatalError("WebPEncoder writes animated WebP with libwebp itself")
        }
        if format.isSequence {
            // One file per frame, numbered from 1 as ffmpeg numbers them.
            muxerOptions["start_number"] = "1"
        }
    }
}

extension StreamPlan.Colour {
    /// Tags an encoder context or a picture (some encoders, as ProRes, read the picture's)
    /// with this encoding. Tags must match the matrix the converter uses, or players shift the
    /// colours.
    func tag<Tagged: ColourTagged>(_ target: UnsafeMutablePointer<Tagged>) {
        switch self {
        case .video:
            target.pointee.color_primaries = AVCOL_PRI_BT709
            target.pointee.color_trc = AVCOL_TRC_BT709
            target.pointee.colorspace = AVCOL_SPC_BT709
            target.pointee.color_range = AVCOL_RANGE_MPEG
            // Chroma level with the even luma columns, between the rows (`BT709Conversion`).
            target.pointee.chroma_location = AVCHROMA_LOC_LEFT
        case .jpeg:
            target.pointee.colorspace = AVCOL_SPC_BT470BG
            target.pointee.color_range = AVCOL_RANGE_JPEG
            target.pointee.chroma_location = AVCHROMA_LOC_CENTER
        case .rgb:
            break
        }
    }
}

/// The FFmpeg structures that carry colour tags under the same names.
protocol ColourTagged {
    var color_primaries: AVColorPrimaries { get set }
    var color_trc: AVColorTransferCharacteristic { get set }
    var colorspace: AVColorSpace { get set }
    var color_range: AVColorRange { get set }
    var chroma_location: AVChromaLocation { get set }
}
extension AVCodecContext: ColourTagged {
    var chroma_location: AVChromaLocation {
        get { chroma_sample_location }
        set { chroma_sample_location = newValue }
    }
}
extension AVFrame: ColourTagged {}
