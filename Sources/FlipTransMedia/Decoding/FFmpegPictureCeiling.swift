import FlipTransCore

/// The largest picture FFmpeg's decoders allocate, whatever `--max-pixels` allows:
/// `av_image_check_size` refuses a picture whose rows, at 8 bytes a pixel plus 1024, times its
/// height plus 128, reach 2³¹ bytes — about 268 million pixels, a square of 16255×16255 at most.
/// Checked before decoding, so such a picture is named too large, not damaged.
enum FFmpegPictureCeiling {
    static func allows(_ size: PixelSize) -> Bool {
        // A decoder may round the width up to a multiple of 64 for alignment; doubles do not overflow.
        let aligned = (size.width + 63) / 64 * 64
        let bytes = (8 * Double(aligned) + 1024) * (Double(size.height) + 128)
        return bytes < Double(Int32.max)
    }

    static func check(_ size: PixelSize, path: String) throws {
        guard allows(size) else { throw refusal(size, path: path) }
    }

    static func refusal(_ size: PixelSize, path: String) -> MediaError {
        MediaError(.inputTooLarge, path: path, reason: "image is \(size), larger than FFmpeg's decoders take (about 268 million pixels; a square of 16255x16255 at most)")
    }
}
