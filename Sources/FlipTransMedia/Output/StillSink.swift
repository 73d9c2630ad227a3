import FlipTransCore

/// Keeps the one frame of a still and writes it when finished, with `write`.
final class StillSink: OutputSink {
    private let path: String
    /// What the file is, for errors: "a PNG".
    private let holder: String
    private let write: (Image, String) throws -> Void
    private var frame: Image?
    private(set) var statistics = EncoderStatistics()

    init(path: String, holder: String, write: @escaping (_ frame: Image, _ path: String) throws -> Void) {
        (self.path, self.holder, self.write) = (path, holder, write)
    }

    func append(_ frame: Image) throws {
        guard self.frame == nil else { throw MediaError(.invalidRequest, path: path, reason: "\(holder) holds one frame") }
        self.frame = frame
    }

    func repeatLastFrame() throws {
        throw MediaError(.invalidRequest, path: path, reason: "\(holder) holds one frame")
    }

    func finish() throws {
        guard let frame else { throw MediaError(.invalidRequest, path: path, reason: "no frame to write") }
        try write(frame, path)
        statistics.framesWritten = 1
    }
}
