import CGlibcExtras
import Glibc
import Synchronization

/// The number of cores this process may use, for splitting work into parallel parts: the CPUs
/// in its affinity mask (what `taskset` and container CPU sets leave it), as Foundation's
/// `activeProcessorCount` counts them, or the limit the program set (`--threads`, a control
/// group's CPU quota). Read from the C library rather than through Foundation,
/// which FlipTransCore does not import: the frei0r plugin links the core and the Swift runtime
/// statically, and Foundation would add tens of megabytes to it.
/// `@usableFromInline` only because public default arguments (`Renderer(bands:)`) name it.
@usableFromInline
package enum ProcessInfoCores {
    /// 0 until `limit(to:)`.
    private static let limit = Atomic<Int>(0)

    @usableFromInline
    package static var active: Int {
        let limit = limit.load(ordering: .relaxed)
        return limit > 0 ? limit : affinityCount
    }

    /// The CPUs in the affinity mask (or, if it cannot be read, those online), at least 1.
    package static var affinityCount: Int {
        let cpus = Int(glibc_affinity_cpu_count())
        return max(1, cpus > 0 ? cpus : sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }

    /// From now on, `active` is `threads` (at least 1): what the renderer, the colour conversion
    /// and the encoder each split their work into.
    package static func limit(to threads: Int) {
        limit.store(max(1, threads), ordering: .relaxed)
    }
}
