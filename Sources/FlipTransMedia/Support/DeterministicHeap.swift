import CGlibcExtras

/// Makes what a new allocation holds before it is written the same in every run, so that the
/// same job gives the same bytes in a fresh process and in a batch worker after other jobs.
///
/// libx264 (FFmpeg 5.1's, x264 core 164) reads memory it never wrote when a frame's height is not
/// a multiple of 16 (1080 among them), and what it finds there steers its choices: the same
/// frames encoded by a worker that had run other jobs came out different in about one run in
/// four, where a fresh process, whose new memory is the kernel's zeros, always gave the same
/// bytes. So every allocation is filled with one byte (glibc's `M_PERTURB`), and allocations of
/// 128 KiB or more always get fresh zeroed pages (a fixed `M_MMAP_THRESHOLD`: glibc otherwise
/// raises it as large blocks are freed, and a later large block came from reused memory). The
/// cost did not show in wall or CPU time (a 3-second 1080p flip, runs alternating).
enum DeterministicHeap {
    /// What glibc fills a new allocation with: this byte's complement.
    static let fill: Int32 = 0x5A
    /// The size from which allocations are mapped fresh: glibc's starting threshold, kept.
    static let freshFrom: Int32 = 128 * 1024

    static func install() {
        _ = glibc_fill_new_allocations(fill, freshFrom)
    }
}
