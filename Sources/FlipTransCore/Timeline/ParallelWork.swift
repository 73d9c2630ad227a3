import Glibc

/// A loop's iterations run in parallel on threads started for the call (`JoinableThread`), the
/// caller's thread taking the first; an iteration whose thread the system will not start runs
/// on the caller's thread after its own. In place of Dispatch's `concurrentPerform`, which at a
/// process's or a container's thread limit (`pids.max`, `ulimit -u`, an address space too small
/// for another stack) waits for a worker thread for good, in silence: `still` hung so.
package enum ParallelWork {
    /// Runs `body(0)` … `body(iterations − 1)` and returns when all have run; `startThread`
    /// starts a joinable thread, or returns nil when it cannot.
    package static func perform(iterations: Int, startThread: (@escaping () -> Void) -> pthread_t? = JoinableThread.start,
                                _ body: @escaping (Int) -> Void) {
        guard iterations > 1 else {
            if iterations == 1 { body(0) }
            return
        }
        var started: [pthread_t] = [], unstarted: [Int] = []
        for index in 1..<iterations {
            if let thread = startThread({ body(index) }) { started.append(thread) } else { unstarted.append(index) }
        }
        body(0)
        unstarted.forEach(body)
        for thread in started { pthread_join(thread, nil) }
    }
}
