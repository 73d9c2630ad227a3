/// The audio codec each container carries: AAC in MP4 and MOV (what every player expects there),
/// Opus in WebM and Matroska (all WebM allows besides Vorbis), and beside ProRes, which is made to
/// be edited, 24-bit PCM (the uncompressed sound editors take without decoding, as they take the
/// picture). A container not listed takes no sound, and a soundtrack for it is refused rather
/// than dropped.
enum AudioCodecChoice {
    /// FFmpeg's encoder name and a bit rate (nil for PCM, whose rate its samples fix), by output
    /// format name and, once known, the video encoder beside it.
    static func encoder(forFormat name: String, videoEncoder: String? = nil) -> (name: String, bitRate: Int?)? {
        switch name {
        case "mov" where videoEncoder == VideoCodec.prores.encoderName, "mkv" where videoEncoder == VideoCodec.prores.encoderName:
            ("pcm_s24le", nil)
        case "mp4", "mov": ("aac", 192_000)
        case "webm", "mkv": ("libopus", 160_000)
        default: nil
        }
    }
}
