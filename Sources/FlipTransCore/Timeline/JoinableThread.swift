import Glibc

/// A thread that runs one closure and is joined (`pthread_join`) by whoever started it: for
/// workers that must be gone before the call that started them returns (Foundation's `Thread`
/// cannot be joined, and the core does not import Foundation).
enum JoinableThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    static func start(_ run: @escaping () -> Void) -> pthread_t {
        var thread = pthread_t()
        let body = Unmanaged.passRetained(Body(run)).toOpaque()
        let status = pthread_create(&thread, nil, { body in
            Unmanaged<Body>.fromOpaque(body!).takeRetainedValue().run()
            return nil
        }, body)
        precondition(status == 0, "cannot start a thread (error \(status))")
        return thread
    }
}
