import Dispatch
import Foundation

/// Removes registered temporary outputs when the process gets SIGINT or SIGTERM, then exits
/// 130 / 143 like a shell-killed program.
public enum InterruptCleanup {
    /// Kept alive for the life of the process; empty until `install()`.
    private static let sources = LockedValue<[DispatchSourceSignal]>([])

    /// Safe to call more than once. Uses dispatch sources, so the cleanup runs on an ordinary
    /// thread rather than inside an async-signal handler.
    public static func install() {
        sources.withLock { sources in
            guard sources.isEmpty else { return }
            for (signalNumber, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
                // The default action would kill the process before the source could run.
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler {
                    TemporaryOutputFile.removeAllRegistered()
                    exit(status)
                }
                source.resume()
                sources.append(source)
            }
        }
    }
}
