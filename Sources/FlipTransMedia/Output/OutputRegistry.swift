import Foundation

/// The output formats by name and extension: a path's extension (or `--format`) picks one.
public struct OutputRegistry: Sendable {
    /// The formats, in the order registered (one that replaced another comes last); a path's
    /// extension picks the first of its kind that lists it.
    public private(set) var formats: [OutputFormat] = []

    /// A registry of `formats`; of several with the same name and kind, the last is kept.
    public init(_ formats: [OutputFormat] = []) {
        for format in formats { register(format) }
    }

    /// Every format fliptrans writes.
    public static let standard = OutputRegistry([.mp4, .webm, .mkv, .mov, .gif, .webp, .apng, .pngSequence, .jpegSequence,
                                                  .y4m, .nut, .png, .jpeg])

    /// Adds `format`, replacing one of the same name and kind.
    public mutating func register(_ format: OutputFormat) {
        formats.removeAll { $0.name == format.name && $0.kind == format.kind }
        formats.append(format)
    }

    /// The format of `kind` for `path`: the one named `name` if given, else the one its
    /// extension chooses; a MediaError naming the path lists what would do.
    public func format(for path: String, named name: String? = nil, kind: OutputFormat.Kind) throws -> OutputFormat {
        var candidates = formats.filter { $0.kind == kind }
        if path == OutputDestination.standardOutputPath {
            // Standard output: only what a pipe can carry, YUV4MPEG2 unless named.
            candidates = candidates.filter { VideoFormat(rawValue: $0.name)?.streams == true }
            guard !candidates.isEmpty else {
                throw MediaError(.outputRefused, path: path, reason: "a single picture is written to a file, not to standard output; give -o FILE.png")
            }
            let name = name ?? VideoFormat.y4m.rawValue
            guard let format = candidates.first(where: { $0.name == name.lowercased() }) else {
                throw MediaError(.outputRefused, path: path, reason: "standard output takes --format \(Self.list(candidates.map(\.name))), got '\(name)'")
            }
            return format
        }
        if let name {
            // A format's extensions name it too: `--format jpeg`, as `.jpeg` does.
            guard let format = candidates.first(where: { $0.name == name.lowercased() })
                    ?? candidates.first(where: { $0.extensions.contains(name.lowercased()) }) else {
                throw MediaError(.outputRefused, path: path, reason: "unknown output format '\(name)'; use \(Self.list(candidates.map(\.name)))")
            }
            return format
        }
        var status = stat()
        if stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR {
            throw MediaError(.outputRefused, path: path, reason: "is a directory; give a file's name in it")
        }
        if path.hasSuffix("/") {
            throw MediaError(.outputRefused, path: path, reason: "ends with '/', which names a folder; give a file's name")
        }
        let pathExtension = FilePaths.extension(of: path)
        guard let format = candidates.first(where: { $0.extensions.contains(pathExtension) }) else {
            let extensions = Self.list(candidates.flatMap(\.extensions).map { "." + $0 })
            // A video's extension for a single frame is a format, only of the other kind.
            if kind == .still, let video = formats.first(where: { $0.kind == .video && $0.extensions.contains(pathExtension) }) {
                throw MediaError(.outputRefused, path: path, reason: "a single frame is written as \(extensions), not as \(video.summary)")
            }
            throw MediaError(.outputRefused, path: path, reason: "unsupported output format; use \(extensions)")
        }
        return format
    }

    /// "a", "a or b", "a, b or c".
    private static func list(_ words: [String]) -> String {
        words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words.last!
    }
}
