import Foundation
import Testing
@testable import FlipTransMedia

/// A child that answers requests (a shell loop here, a batch worker in the program): one killed
/// while it waits between requests is seen to have ended before the next request goes to it,
/// which is how a batch gives the next job to a new worker instead of failing it unread.
struct ChildProcessTests {
    @Test func aChildKilledBetweenRequestsHasEnded() throws {
        let child = try ChildProcess("/bin/sh", arguments: ["-c", "while read line; do echo \"got $line\" >&3; done"], readingOutput: false)
        #expect(child.ask("one") == "got one")
        #expect(!child.hasEnded)
        kill(child.id, SIGKILL)
        let deadline = Date().addingTimeInterval(30)
        while !child.hasEnded && Date() < deadline { usleep(10_000) }
        #expect(child.hasEnded)
        // Not reaped by the look: `finish()` still says how it ended.
        #expect(child.finish() == .signalled(SIGKILL))
    }

    @Test func aChildThatEndsOnItsOwnHasEndedToo() throws {
        let child = try ChildProcess("/bin/sh", arguments: ["-c", "read line; echo done >&3; exit 3"], readingOutput: false)
        #expect(child.ask("go") == "done")
        let deadline = Date().addingTimeInterval(30)
        while !child.hasEnded && Date() < deadline { usleep(10_000) }
        #expect(child.finish() == .exited(3))
    }
}
