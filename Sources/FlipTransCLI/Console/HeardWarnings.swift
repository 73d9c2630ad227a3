import Synchronization

/// The warnings and notes of a job a batch runs, kept for its outcome instead of printed: the
/// batch prints them beside the job's line, and puts them in its `end` event.
final class HeardWarnings: Sendable {
    private let heard = Mutex<[String]>([])

    func append(_ message: String) {
        heard.withLock { $0.append(message) }
    }

    var messages: [String] { heard.withLock { $0 } }
}
