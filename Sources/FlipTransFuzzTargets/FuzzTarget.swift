import FlipTransCLI
import FlipTransMedia
import Foundation

/// What a fuzz campaign feeds its cases to, and how one case ends: an outcome line that groups
/// cases by what happened ("ok", "error REASON"), or "unclean MESSAGE" for an error message that
/// is empty or not one line — a failure, like a crash or a hang.
///
/// Shared by the mutation fuzzer (`fliptrans-fuzz`) and the coverage-guided one
/// (`fliptrans-libfuzzer`).
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// `ImageDecoder.decode`, the path every image input takes.
    case images
    /// `slideshow --spec`: a YAML or JSON spec read, checked and turned into slides.
    case specs
    /// `batch`: a job file read and each job line turned into its command.
    case jobs

    /// How the case in the file at `path` ends.
    public func outcome(of path: String) -> String {
        switch self {
        case .images:
            do {
                _ = try ImageDecoder.decode(contentsOf: path)
                return "ok"
            } catch let error as MediaError {
                return Self.errorOutcome(error.description, path: path)
            } catch {
                return "unclean not a MediaError: \(error)"
            }
        case .specs:
            do {
                _ = try FileParsers.readSpec(path)
                return "ok"
            } catch {
                return Self.errorOutcome(FileParsers.messages(for: error), path: path)
            }
        case .jobs:
            do {
                let lines = try FileParsers.readJobs(path).map { result -> String in
                    switch result {
                    case .success: return "ok"
                    case .failure(let error): return Self.errorOutcome(FileParsers.messages(for: error), path: path)
                    }
                }
                if let unclean = lines.first(where: { $0.hasPrefix("unclean") }) { return unclean }
                return "jobs: " + (lines.isEmpty ? "none" : Set(lines).sorted().joined(separator: " | "))
            } catch {
                return Self.errorOutcome(FileParsers.messages(for: error), path: path)
            }
        }
    }

    /// "error REASON" for each message (joined by " + "), with the case's path, quoted text,
    /// numbers and parenthesised detail generalised, so that cases group by the kind of error;
    /// "unclean …" if a message is not one non-empty line.
    private static func errorOutcome(_ messages: [String], path: String) -> String {
        let outcomes = messages.map { errorOutcome($0, path: path) }
        return outcomes.first { $0.hasPrefix("unclean") } ?? outcomes.joined(separator: " + ")
    }

    private static func errorOutcome(_ message: String, path: String) -> String {
        guard !message.isEmpty, !message.unicodeScalars.contains(where: CharacterSet.newlines.contains) else {
            return "unclean " + message.debugDescription
        }
        let reason = message.replacingOccurrences(of: path, with: "FILE")
            .replacingOccurrences(of: "'[^']*'", with: "'…'", options: .regularExpression)
            .replacingOccurrences(of: "\\(.*", with: "", options: .regularExpression)
            .replacingOccurrences(of: "[0-9]+", with: "N", options: .regularExpression)
        return "error " + reason.trimmingCharacters(in: .whitespaces)
    }
}
