import Foundation

extension RenderJob {
    /// Runs the job as `run(warning:progress:isCancelled:)` does, for async code: on a thread of
    /// its own (it blocks on decoding and encoding for as long as the render takes, which would
    /// hold up a thread of Swift's cooperative pool), and ended by cancelling the calling task,
    /// within a frame (before the first, within the images being checked), with `CancellationError` and nothing at the output path. `progress` is
    /// called on that thread; `warning` on it and on the threads that decode images. (Named
    /// apart from `run`, so that async code calling `run` keeps calling it.)
    @discardableResult
    public func render(warning: @escaping @Sendable (String) -> Void = { _ in },
                    progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }) async throws -> RenderStatistics {
        try Task.checkCancellation()
        let cancelled = LockedValue(false)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                Thread {
                    continuation.resume(with: Result {
                        try run(warning: warning, progress: progress, isCancelled: { cancelled.withLock { $0 } })
                    })
                }.start()
            }
        } onCancel: {
            cancelled.withLock { $0 = true }
        }
    }
}
