import CGlibcExtras
import Glibc

/// The number of cores this process may use, for splitting work into parallel parts: the CPUs
/// in its affinity mask (what `taskset` and container CPU sets leave it), as Foundation's
/// `activeProcessorCount` counts them. Read from the C library rather than through Foundation,
/// which FlipTransCore does not import: the frei0r plugin links the core and the Swift runtime
/// statically, and Foundation would add tens of megabytes to it.
/// `@usableFromInline` only because public default arguments (`Renderer(bands:)`) name it.
@usableFromInline
package enum ProcessInfoCores {
    @usableFromInline
    package static var active: Int {
        let cpus = Int(glibc_affinity_cpu_count())
        return max(1, cpus > 0 ? cpus : sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }
}
