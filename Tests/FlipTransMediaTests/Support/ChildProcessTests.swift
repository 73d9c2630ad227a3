import Foundation
import Testing
@testable import FlipTransMedia

/// A child that answers requests (shell loops here, a batch worker in the program) acknowledges
/// each as it takes it: one that ends before that, whether killed while it waited or just after
/// reading the request, is told apart from one that ended while answering, which is how a batch
/// gives a job no worker began to a new worker instead of failing it.
struct ChildProcessTests {
    /// Acknowledges each request, then answers it.
    static let answering = "while read -r line; do echo \(ChildProcess.acknowledgement) >&3; echo \"got $line\" >&3; done"

    @Test func aChildAcknowledgesThenReplies() throws {
        let child = try ChildProcess("/bin/sh", arguments: ["-c", Self.answering], readingOutput: false)
        var taken = 0
        #expect(child.ask("one", taken: { taken += 1 }) == .reply("got one"))
        #expect(child.ask("two", taken: { taken += 1 }) == .reply("got two"))
        #expect(taken == 2)
        #expect(child.finish() == .exited(0))
    }

    @Test func aChildKilledBetweenRequestsEndedBeforeTakingTheNext() throws {
        let child = try ChildProcess("/bin/sh", arguments: ["-c", Self.answering], readingOutput: false)
        #expect(child.ask("one") == .reply("got one"))
        kill(child.id, SIGKILL)
        var taken = false
        #expect(child.ask("two", taken: { taken = true }) == .endedBeforeTaking(.signalled(SIGKILL)))
        #expect(!taken)
        #expect(child.finish() == .signalled(SIGKILL))
    }

    /// The window a batch must not fail a job in: the request read, not yet acknowledged.
    @Test(arguments: [("kill -KILL $$", ChildProcess.Ending.signalled(SIGKILL)), ("exit 0", .exited(0))])
    func aChildThatEndsAfterReadingARequestButBeforeAcknowledgingItEndedBeforeTakingIt(ending: String, expected: ChildProcess.Ending) throws {
        let child = try ChildProcess("/bin/sh", arguments: ["-c", "read -r line; \(ending)"], readingOutput: false)
        var taken = false
        #expect(child.ask("go", taken: { taken = true }) == .endedBeforeTaking(expected))
        #expect(!taken)
    }

    @Test func aChildThatEndsAfterAcknowledgingEndedWhileAnswering() throws {
        let child = try ChildProcess("/bin/sh", arguments: ["-c", "read -r line; echo taken >&3; echo working; kill -SEGV $$"], readingOutput: true)
        var events: [String] = []
        #expect(child.ask("go", taken: { events.append("taken") }, outputLine: { events.append($0) }) == .endedWhileAnswering(.signalled(SIGSEGV)))
        #expect(events == ["taken", "working"])
    }

    /// Output the child writes after acknowledging comes after `taken`, however the two pipes are read.
    @Test func outputFollowsTheAcknowledgement() throws {
        let child = try ChildProcess("/bin/sh", arguments: ["-c", "while read -r line; do echo taken >&3; echo \"progress $line\"; echo done >&3; done"],
                                     readingOutput: true)
        for request in 1...20 {
            var events: [String] = []
            #expect(child.ask("\(request)", taken: { events.append("taken") }, outputLine: { events.append($0) }) == .reply("done"))
            #expect(events == ["taken", "progress \(request)"])
        }
    }
}
