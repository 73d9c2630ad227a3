import FlipTransCore

extension OutputFormat {
    /// One frame as a PNG, alpha kept.
    public static let png = OutputFormat(
        name: "png", extensions: ["png"], kind: .still, summary: "a PNG image",
        check: { options, _ in try options.refuseAll("a PNG is lossless") },
        open: { request in PNGStillSink(path: request.path) })
}

/// Keeps the one frame of a still and writes it as a PNG when finished.
final class PNGStillSink: OutputSink {
    private let path: String
    private var frame: Image?
    private(set) var statistics = EncoderStatistics()

    init(path: String) {
        self.path = path
    }

    func append(_ frame: Image) throws {
        guard self.frame == nil else { throw MediaError(.invalidRequest, path: path, reason: "a PNG holds one frame") }
        self.frame = frame
    }

    func repeatLastFrame() throws {
        throw MediaError(.invalidRequest, path: path, reason: "a PNG holds one frame")
    }

    func finish() throws {
        guard let frame else { throw MediaError(.invalidRequest, path: path, reason: "no frame to write") }
        try PNGWriter.write(frame, to: path, marked: true)
        statistics.framesWritten = 1
    }
}
