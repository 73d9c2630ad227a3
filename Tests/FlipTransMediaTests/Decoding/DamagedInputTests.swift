import Foundation
import Testing
@testable import FlipTransMedia

/// Damaged and hostile files through the real decoding path: each must end in an image or a
/// clean one-line MediaError about that file (a crash or hang would fail the whole run).
struct DamagedInputTests {
    enum Outcome { case decoded, damaged, tooLarge }

    /// Decodes `path`; records an issue unless it ends in an image or a clean error, and returns which.
    @discardableResult
    func expectCleanOutcome(decoding path: String) -> Outcome? {
        do {
            _ = try ImageDecoder.decode(contentsOf: path)
            return .decoded
        } catch let error as MediaError {
            #expect(error.path == path)
            #expect(!error.reason.isEmpty && !error.reason.contains("\n"), "\(error)")
            return error.reason.contains("over the limit") ? .tooLarge : .damaged
        } catch {
            Issue.record("\(path): not a MediaError: \(error)")
            return nil
        }
    }

    @Test(arguments: ["png", "jpg", "webp"])
    func truncatedAtFiftyCutPoints(format: String) throws {
        let directory = try TemporaryDirectory()
        let png = directory.file("whole.png")
        try PNGWriter.write(syntheticFrame(5, size: .init(width: 96, height: 64)), to: png)
        let whole = directory.file("whole.\(format)")
        if format != "png" { try runFFmpeg(["-i", png, whole]) }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        for cut in stride(from: 1, to: bytes.count, by: max(1, bytes.count / 50)) {
            let truncated = directory.file("cut-\(cut).\(format)")
            try bytes.prefix(cut).write(to: URL(fileURLWithPath: truncated))
            let outcome = expectCleanOutcome(decoding: truncated)
            // Cut before its last 12 bytes (a PNG's closing chunk; a JPEG's end marker is 2, a
            // WebP has none), a file has lost picture data: it is refused, never filled in.
            if cut < bytes.count - 12 { #expect(outcome == .damaged, "\(format) cut at \(cut) of \(bytes.count)") }
        }
    }

    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    /// Cases kept from fuzzing (Scripts/fuzz.sh) and a hand-made lying header; the name says the
    /// expected outcome (Corpus/README.md).
    @Test(arguments: try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0 != "README.md" }.sorted())
    func corpusCase(_ name: String) {
        let expected: [String: Outcome] = ["decodes": .decoded, "damaged": .damaged, "too-large": .tooLarge]
        let outcome = expectCleanOutcome(decoding: Self.corpus.appendingPathComponent(name).path)
        #expect(outcome == expected[name.components(separatedBy: "--")[0]])
    }

    @Test func fifoIsRefusedWithoutWaitingForAWriter() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.file("pipe.png")
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: MediaError(.inputUnreadable, path: fifo, reason: "not a regular file")) { try ImageDecoder.decode(contentsOf: fifo) }
    }
}
