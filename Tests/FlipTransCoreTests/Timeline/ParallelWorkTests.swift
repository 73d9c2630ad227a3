import Glibc
import Synchronization
import Testing
@testable import FlipTransCore

/// Iterations run on threads started for the call; those whose thread cannot be started run on
/// the caller's thread (Dispatch's concurrentPerform waited for good at a thread limit).
struct ParallelWorkTests {
    @Test(arguments: [0, 1, 2, 5])
    func everyIterationRunsOnceWhenThreadsStart(iterations: Int) {
        let ran = Mutex<[Int]>([])
        ParallelWork.perform(iterations: iterations) { index in ran.withLock { $0.append(index) } }
        #expect(ran.withLock { $0.sorted() } == Array(0..<iterations))
    }

    @Test func iterationsWhoseThreadsCannotStartRunOnTheCallersThread() {
        let caller = pthread_self()
        let ran = Mutex<[(index: Int, onCaller: Bool)]>([])
        // No thread starts, as at a process's thread limit.
        ParallelWork.perform(iterations: 4, startThread: { _ in nil }) { index in
            let onCaller = pthread_equal(pthread_self(), caller) != 0
            ran.withLock { $0.append((index, onCaller)) }
        }
        #expect(ran.withLock { $0.map(\.index) } == [0, 1, 2, 3])
        #expect(ran.withLock { $0.allSatisfy(\.onCaller) })
    }
}
