import FlipTransCore
import Glibc

/// An error with the file it concerns, what kind of failure it is, and a one-line human reason,
/// e.g. "a.png: not an image FFmpeg can decode (Invalid data found when processing input)".
public struct MediaError: Error, Equatable, CustomStringConvertible {
    /// What kind of failure it is, for a program to act on (the reason is for people, and its
    /// wording may change).
    public let kind: Kind
    /// The file concerned, as it was given (an input, or the output).
    public let path: String
    /// Why, in words for the file's owner: "no such file", "damaged image data (…)".
    public let reason: String

    /// The kinds of failure: what a caller might do differently about each (ask for another
    /// file, report a damaged upload, free disk space, retry with more memory, fix its code).
    public enum Kind: Sendable, Equatable {
        /// An input that is not there: no such file (or folder), or an empty name.
        case inputMissing
        /// An input that is there but cannot be read: its permissions, a folder, a device, an
        /// empty file.
        case inputUnreadable
        /// An input in a format, or with a feature, that cannot be decoded: not an image (or
        /// sound), an unsupported codec, pixel format or HEIF feature.
        case inputUnsupported
        /// An input whose data is damaged: cut short or corrupt.
        case inputDamaged
        /// An input over a safety limit: its pixels, its metadata, its JPEG scans.
        case inputTooLarge
        /// The output refused before any work: its path, its folder, or what its format can
        /// hold (sound, transparency, its size, one frame or many).
        case outputRefused
        /// Writing the output failed once begun: creating, writing, encoding, moving it into place.
        case writeFailed
        /// Writing the output failed for want of room: its file system full or out of file
        /// entries, or a quota or file size limit reached.
        case outOfSpace
        /// Not enough memory for a picture.
        case notEnoughMemory
        /// Something this build or system lacks: an encoder, a muxer, a process or pipe.
        case unavailable
        /// The job or an object used in a way it does not take: a timeline naming images the
        /// job lacks, clips at another frame rate, frames given to a finished encoder.
        case invalidRequest
    }

    /// An error of `kind` about the file at `path`, for `reason`. A write that failed for want
    /// of room is `outOfSpace`, whichever writer said so (the C library, FFmpeg, libwebp): its
    /// reason holds the system's words for it.
    public init(_ kind: Kind, path: String, reason: String) {
        self.kind = kind == .writeFailed && Self.roomUsedUp.contains(where: reason.contains) ? .outOfSpace : kind
        self.path = path
        self.reason = reason
    }

    /// The system's words for a write that found no room, as strerror gives them.
    private static let roomUsedUp = [ENOSPC, EDQUOT, EFBIG].map { String(cString: strerror($0)) } + [MediaError.noFileEntries]

    /// A device out of file entries, which the system reports only as an input/output error.
    static let noFileEntries = "no file entries (inodes) left on the device"

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

    /// A sink finished before any frame was given: an empty video plays as nothing, or not at all.
    static func noFrames(path: String) -> MediaError {
        MediaError(.invalidRequest, path: path, reason: "no frames were given; nothing written")
    }

    /// The one wording of a memory shortage: "out.mp4: not enough memory for a 8192x8192 frame".
    static func notEnoughMemory(path: String, for size: PixelSize, _ picture: Picture) -> MediaError {
        MediaError(.notEnoughMemory, path: path, reason: "not enough memory for a \(size) \(picture.rawValue)")
    }
}
