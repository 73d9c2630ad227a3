import Glibc

/// A thread that runs one closure and is joined (`pthread_join`) by whoever started it: for
/// workers that must be gone before the call that started them returns (Foundation's `Thread`
/// cannot be joined, and the core does not import Foundation).
enum JoinableThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Starts a thread running `run`; nil when the system has no room for another (`EAGAIN`:
    /// short of memory for its stack, or at the process's thread limit). Callers then do the work
    /// on their own thread: a program short of memory goes on, or fails where a buffer is asked
    /// for, with the error that names it.
    static func start(_ run: @escaping () -> Void) -> pthread_t? {
        var thread = pthread_t()
        let body = Unmanaged.passRetained(Body(run))
        let status = pthread_create(&thread, nil, { body in
            Unmanaged<Body>.fromOpaque(body!).takeRetainedValue().run()
            return nil
        }, body.toOpaque())
        guard status == 0 else {
            body.release()
            return nil
        }
        return thread
    }
}
