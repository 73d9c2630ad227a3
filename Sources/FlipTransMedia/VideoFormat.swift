/// The video containers fliptrans writes, named by their file extension.
public enum VideoFormat: String, CaseIterable, Sendable {
    case mp4, webm

    /// The format a path's extension names, case-insensitive; nil for anything else.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    public static var supportedExtensions: [String] { allCases.map(\.rawValue) }

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
