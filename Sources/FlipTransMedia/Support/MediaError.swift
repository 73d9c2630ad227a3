import FlipTransCore

/// An error with the file it concerns and a one-line human reason, e.g.
/// "a.png: not an image FFmpeg can decode (Invalid data found when processing input)".
public struct MediaError: Error, Equatable, CustomStringConvertible {
    /// The file concerned, as it was given (an input, or the output).
    public let path: String
    /// Why, in words for the file's owner: "no such file", "damaged image data (…)".
    public let reason: String

    /// An error about the file at `path`, for `reason`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// An empty path is shown as `''`, so the line still starts with what was given.
    public var description: String { OneLine.printable("\(path.isEmpty ? "''" : path): \(reason)") }

    /// What a picture buffer that could not be allocated was for.
    enum Picture: String {
        /// An input image as decoded.
        case image
        /// A frame of the output, or an image fitted into one.
        case frame
        /// A contact sheet of frames.
        case sheet = "contact sheet"
    }

    /// The one wording of a memory shortage: "out.mp4: not enough memory for a 8192x8192 frame".
    static func notEnoughMemory(path: String, for size: PixelSize, _ picture: Picture) -> MediaError {
        MediaError(path: path, reason: "not enough memory for a \(size) \(picture.rawValue)")
    }
}
