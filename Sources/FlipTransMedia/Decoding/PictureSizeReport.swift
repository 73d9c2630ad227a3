import FlipTransCore

/// FFmpeg refuses a picture that is too large (over the decoder's `max_pixels`, or over its own
/// limit of about 268 megapixels) before allocating it, but says which size it refused only in a
/// log message, "Picture size WxH is invalid" or "… exceeds specified max pixel count". That
/// message is found among the lines FFmpeg logged on the thread that is decoding.
enum PictureSizeReport {
    /// The last size FFmpeg refused on this thread since its log lines were reset, if any.
    static var refusedSize: PixelSize? {
        for line in FFmpegLogging.lines.reversed() where line.text.hasPrefix("Picture size ") {
            // "Picture size 100000x100000 is invalid" → [100000, 100000]
            let sides = line.text.split(separator: " ").dropFirst(2).first?.split(separator: "x").compactMap { Int($0) } ?? []
            if sides.count == 2 { return PixelSize(width: sides[0], height: sides[1]) }
        }
        return nil
    }
}
