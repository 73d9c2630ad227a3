/// The audio codec each container carries: AAC in MP4 and MOV (what every player expects there),
/// Opus in WebM and Matroska (all WebM allows besides Vorbis). A container not listed takes no
/// sound, and a soundtrack for it is refused rather than dropped.
enum AudioCodecChoice {
    /// FFmpeg's encoder name and a bit rate, by output format name.
    static func encoder(forFormat name: String) -> (name: String, bitRate: Int)? {
        switch name {
        case "mp4", "mov": ("aac", 192_000)
        case "webm", "mkv": ("libopus", 160_000)
        default: nil
        }
    }
}
