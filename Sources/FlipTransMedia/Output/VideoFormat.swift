/// The video containers fliptrans writes, each with the one encoder it uses.
public enum VideoFormat: String, CaseIterable, Sendable {
    case mp4, webm

    /// FFmpeg's muxer name.
    var muxerName: String { rawValue }

    /// FFmpeg's encoder name.
    var encoderName: String {
        switch self {
        case .mp4: "libx264"
        case .webm: "libvpx-vp9"
        }
    }
}
