import Foundation

/// Ends the process cleanly on any signal someone sends to stop it — Ctrl-C (SIGINT), `kill`
/// (SIGTERM), a closed terminal or ssh session (SIGHUP), Ctrl-\ (SIGQUIT, which would otherwise
/// print a crash report), a scheduler's time limit (SIGXCPU, SIGUSR1, SIGALRM …): registered
/// temporary outputs are removed and the exit status is 128 + the signal's number, as for a
/// program a shell saw killed (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP).
///
/// Child processes started through `startChild` (batch jobs, several at once) get the signal
/// passed on; each cleans up after itself, and the thread that waits for the last of them ends
/// this process when it is gone, after the `finalWords` a program registered (a batch's summary).
///
/// Signals that mean a fault (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS) are left
/// alone: ignoring one would loop on the fault. SIGKILL cannot be caught. The partial file either
/// leaves behind is removed by the next run writing to the same folder (`StalePartialFiles`).
package enum InterruptCleanup {
    /// Every signal whose default action ends the process, but the faults above, SIGKILL, and
    /// SIGPIPE and SIGXFSZ (ignored, see `ProcessSetup`).
    package static let signals: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM,
                                          SIGVTALRM, SIGPROF, SIGXCPU, SIGIO, SIGPWR, SIGSTKFLT]

    private struct State {
        var installed = false
        var children: Set<pid_t> = []
        /// The first stopping signal received.
        var received: Int32?
        var finalWords: (@Sendable (Int32) -> Void)?
    }

    private static let state = LockedValue(State())

    /// Call at the start of `main`, before any other thread starts (`StoppingSignals`); safe to
    /// call more than once.
    package static func install() {
        state.withLock { state in
            guard !state.installed else { return }
            state.installed = true
            StoppingSignals.deliver(signals) { stop($0) }
        }
    }

    /// Has `words` run, with the signal's number, just before a stopping signal ends the process:
    /// to say what had finished. It runs once, on the thread that ends the process.
    package static func setFinalWords(_ words: @escaping @Sendable (Int32) -> Void) {
        state.withLock { $0.finalWords = words }
    }

    private static func stop(_ signalNumber: Int32) {
        let (children, first) = state.withLock { state in
            state.received = state.received ?? signalNumber
            return (state.children, state.received!)
        }
        guard children.isEmpty else {
            for child in children { kill(child, signalNumber) }
            return
        }
        exitAfterCleanup(first)
    }

    /// Removes the temporary outputs and ends the process at once: `_exit` rather than `exit`,
    /// which would run the C libraries' exit handlers while another thread is still encoding.
    private static func exitAfterCleanup(_ signalNumber: Int32) -> Never {
        TemporaryOutputFile.removeAllRegistered()
        let words = state.withLock { state in
            defer { state.finalWords = nil }
            return state.finalWords
        }
        words?(signalNumber)
        _exit(128 + signalNumber)
    }

    /// After a stopping signal, for a thread whose child has ended while others still run: the
    /// thread waiting for the last one ends the process, and this one waits for that.
    private static func waitForTheEnd() -> Never {
        while true { pause() }
    }

    /// Starts a child process with `spawn` and counts it among those signals are passed on to;
    /// if a stopping signal has already arrived, starts nothing and ends this process instead
    /// (once the other children are gone).
    static func startChild(_ spawn: () throws -> pid_t) throws -> pid_t {
        let started = state.withLock { state -> Result<pid_t, Error>? in
            guard state.received == nil else { return nil }
            let result = Result { try spawn() }
            if case .success(let child) = result { state.children.insert(child) }
            return result
        }
        guard let started else {
            let (received, othersRunning) = state.withLock { ($0.received!, !$0.children.isEmpty) }
            if othersRunning { waitForTheEnd() }
            exitAfterCleanup(received)
        }
        return try started.get()
    }

    /// Call when a child has ended but before reaping it (its process id stays taken until then,
    /// so a signal passed on cannot reach another process). If a stopping signal arrived
    /// meanwhile, ends this process once no other child runs.
    static func childEnded(_ child: pid_t) {
        let (received, othersRunning) = state.withLock { state in
            state.children.remove(child)
            return (state.received, !state.children.isEmpty)
        }
        guard let received else { return }
        waitpid(child, nil, 0)
        if othersRunning { waitForTheEnd() }
        exitAfterCleanup(received)
    }
}
