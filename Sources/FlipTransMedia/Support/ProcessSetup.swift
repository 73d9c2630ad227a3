import Foundation

/// What a command-line program built on this library sets up before anything else, so that the
/// world outside it cannot crash it or make it leave files behind: every signal that would stop
/// the process (`InterruptCleanup.signals`: Ctrl-C, SIGTERM, SIGHUP, but SIGUSR1, SIGALRM and
/// others too) first removes the partial outputs of renders under way and exits with 128 + its
/// number, and writing to a closed pipe or past the file-size limit fails with an error instead
/// of killing the process. Opt-in: call it at the start of `main`, before any thread starts; it
/// takes the handling of all those signals over, so an app that uses one of them itself should not.
public enum ProcessSetup {
    public static func install() {
        _ = ProcessStart.date
        StandardStream.reserveClosedDescriptors()
        // Writing to a pipe whose reader is gone, or past the file-size limit, fails with an error
        // (`StandardStream`, the output's sink) rather than killing the process with SIGPIPE or
        // SIGXFSZ, so the partial output is removed and the reason is said.
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        InterruptCleanup.install()
    }
}
