import FlipTransCLI
import Foundation
import Testing

/// Spec and job files kept from fuzzing, read by the same readers the fuzzer feeds: each ends as
/// its name says (Corpus/README.md), and every error message is one non-empty line.
struct ParserCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    /// The folder's cases; a folder missing or empty fails the test rather than leaving it
    /// nothing to run.
    static func cases(_ folder: String) throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.appendingPathComponent(folder).path).sorted()
        guard !names.isEmpty else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: corpus.appendingPathComponent(folder).path]) }
        return names
    }

    /// Each message — one, or one per problem when several were found together — is one line.
    func expectOneLine(_ error: Error, _ name: String) {
        for message in FileParsers.messages(for: error) {
            #expect(!message.isEmpty && !message.unicodeScalars.contains(where: CharacterSet.newlines.contains), "\(name): \(message)")
        }
    }

    func expectedOutcome(_ name: String) -> String { name.components(separatedBy: "--")[0] }

    @Test(arguments: try cases("specs"))
    func spec(_ name: String) {
        let outcome: String
        do {
            _ = try FileParsers.readSpec(Self.corpus.appendingPathComponent("specs/" + name).path)
            outcome = "reads"
        } catch {
            expectOneLine(error, name)
            outcome = "refused"
        }
        #expect(outcome == expectedOutcome(name))
    }

    @Test(arguments: try cases("jobs"))
    func jobFile(_ name: String) {
        let outcome: String
        do {
            let failures = try FileParsers.readJobs(Self.corpus.appendingPathComponent("jobs/" + name).path).compactMap { result in
                if case .failure(let error) = result { error } else { nil }
            }
            failures.forEach { expectOneLine($0, name) }
            outcome = failures.isEmpty ? "reads" : "fails-lines"
        } catch {
            expectOneLine(error, name)
            outcome = "refused"
        }
        #expect(outcome == expectedOutcome(name))
    }
}
