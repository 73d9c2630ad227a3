import CGlibcExtras

/// Makes a batch worker's new memory hold zeros, as a new process's does, so that a job gives
/// the same bytes in a worker that ran other jobs before as in a process of its own.
///
/// libx264 (Debian 12's, core 164) reads memory it never wrote when a frame's height is not a
/// multiple of 16 (1080 among them), and what it finds there steers its choices: the same frames
/// encoded in a worker after other jobs came out different in about one run in four, while a
/// fresh process, whose new memory is the kernel's zeros, always gave the same bytes. With every
/// allocation filled with zeros (glibc's `M_PERTURB` of 0xFF, whose complement it fills with),
/// the worker's jobs give a fresh process's bytes (tested with nine jobs, run after run). Blocks
/// of up to about 1 KiB that glibc keeps per thread are handed back unfilled; what libx264 reads
/// is larger. The fill writes every page allocated: a 1080p job's worker peaked at 500 MB where
/// it peaked at 380, so only batch workers, which run many jobs, fill.
package enum DeterministicHeap {
    package static func zeroNewAllocations() {
        _ = glibc_zero_new_allocations()
    }
}
