import Glibc
import Synchronization

/// Hands the signals that stop the process to one thread of its own, as ordinary calls rather
/// than inside an async-signal handler, without a descriptor per signal (a dispatch source takes
/// a signalfd for each; 13 of them left a low `ulimit -n` no room for the inputs).
///
/// Most of them are blocked in every thread and taken by that thread with `sigwaitinfo`.
/// SIGUSR1, SIGUSR2 and SIGPROF are not: Swift's crash report pauses each thread with the first of
/// them the thread has not blocked, and with all three blocked a crash ended as if stopped by
/// SIGUSR1, without its report. A handler passes each of those on: it notes the signal's number
/// and sends the process SIGSTKFLT, which the thread takes as that number. (A real-time signal
/// carrying the number was tried: it counts against `ulimit -i` and is lost when that is used
/// up, and anyone can send one.)
enum StoppingSignals {
    /// The signals the crash report pauses threads with, passed on by a handler.
    private static let relayed: Set<Int32> = [SIGUSR1, SIGUSR2, SIGPROF]
    /// What the handler sends on: a stopping signal nothing else uses.
    private static let doorbell = SIGSTKFLT
    /// The number of the relayed signal the doorbell stands for; 0 when it stands for itself.
    private static let pending = Atomic<Int32>(0)

    /// Set once, before the thread that reads them starts.
    nonisolated(unsafe) private static var waited = sigset_t()
    nonisolated(unsafe) private static var received: (@Sendable (Int32) -> Void)?

    /// Calls `received` with each of `signals` sent to the process, one at a time, on a thread of
    /// its own. Call before any other thread starts: the signals are blocked in this thread, and
    /// so in every thread started after it. If no thread can be started, they are unblocked
    /// again and keep their default action, which ends the process at once.
    static func deliver(_ signals: [Int32], to received: @escaping @Sendable (Int32) -> Void) {
        sigemptyset(&waited)
        for signal in signals where !relayed.contains(signal) { sigaddset(&waited, signal) }
        sigaddset(&waited, doorbell)
        Self.received = received
        // Made before a handler can read it: a first use runs its initialiser, not safe there.
        pending.store(0, ordering: .relaxed)
        pthread_sigmask(SIG_BLOCK, &waited, nil)
        // A process may start with signals blocked that its parent's thread blocked (a test
        // runner's dispatch thread blocks SIGUSR1): the relayed ones must reach their handler.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in relayed { sigaddset(&unblocked, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        // Room for the cleanup and a batch's summary, without reserving the default 8 MiB of
        // address space a tight `ulimit -v` may lack.
        pthread_attr_setstacksize(&attributes, 512 * 1024)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        guard pthread_create(&thread, &attributes, { _ in StoppingSignals.takeSignals() }, nil) == 0 else {
            pthread_sigmask(SIG_UNBLOCK, &waited, nil)
            return
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            // Only what is safe in a signal handler: an atomic store and kill, keeping the
            // interrupted thread's errno.
            let interrupted = errno
            StoppingSignals.pending.store(signal, ordering: .sequentiallyConsistent)
            kill(getpid(), StoppingSignals.doorbell)
            errno = interrupted
        }
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        for signal in signals where relayed.contains(signal) { sigaction(signal, &action, nil) }
    }

    private static func takeSignals() -> Never {
        var set = waited, info = siginfo_t()
        while true {
            // Interrupted (EINTR) when a crash report pauses this thread.
            let signal = sigwaitinfo(&set, &info)
            guard signal > 0 else { continue }
            let relayed = signal == doorbell ? pending.exchange(0, ordering: .sequentiallyConsistent) : 0
            received?(relayed != 0 ? relayed : signal)
        }
    }
}
