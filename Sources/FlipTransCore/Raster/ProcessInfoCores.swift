import Foundation
import Synchronization

/// The number of threads this process may keep busy, for splitting work into parallel parts:
/// the processor count, or the limit the program set (`--threads`, a container's CPU limit).
/// `@usableFromInline` only because public default arguments (`Renderer(bands:)`) name it.
@usableFromInline
package enum ProcessInfoCores {
    /// 0 until `limit(to:)`.
    private static let limit = Atomic<Int>(0)

    @usableFromInline
    package static var active: Int {
        let limit = limit.load(ordering: .relaxed)
        return limit > 0 ? limit : max(1, ProcessInfo.processInfo.activeProcessorCount)
    }

    /// From now on, `active` is `threads` (at least 1): what the renderer, the colour conversion
    /// and the encoder each split their work into.
    package static func limit(to threads: Int) {
        limit.store(max(1, threads), ordering: .relaxed)
    }
}
