#ifndef CGLIBCEXTRAS_H
#define CGLIBCEXTRAS_H

#include <glob.h>
#include <stddef.h>

// GNU extensions of the C library that Swift's Glibc module, built without _GNU_SOURCE, does not
// declare.

/// The number of CPUs in the calling thread's affinity mask (what taskset and container CPU sets
/// leave the process), or 0 if it cannot be read.
int glibc_affinity_cpu_count(void);

/// The path of the shared object (or executable) this function is linked into, as the dynamic
/// loader opened it, or NULL.
const char *glibc_this_object_path(void);

/// Raises the calling thread's nice value by `increment` (Linux keeps one per thread), so that
/// the other threads of the process run first when both are ready. 0, or -1 with errno set.
int glibc_lower_thread_priority(int increment);

/// Has glibc fill the memory it allocates with zeros (M_PERTURB of 0xFF: allocations are filled
/// with its complement, freed memory with it). 1 if it took, 0 if not.
int glibc_zero_new_allocations(void);

/// Gives the memory glibc holds free back to the system (malloc_trim): freed memory otherwise
/// stays the process's, up to its high-water mark. 1 if any was given back.
int glibc_release_free_memory(void);

/// 1 if the file at `path` itself (a symbolic link is not followed) is marked immutable or
/// append-only (chattr +i, +a), 0 if not or if it cannot be looked at; read with statx, which
/// needs no permission to read the file.
int glibc_is_immutable_or_append_only(const char *path);

/// glob(3), looking at no more than `most_entries` directory entries in all: a pattern such as
/// `/*/*/*/*/*/*` through a link that leads back up looks at billions. Returns what glob returns;
/// `*over_budget` is 1 when the budget ran out (the folders left were read as empty). `?` and
/// `[…]` match a UTF-8 character, whatever the process's locale (where C.UTF-8 can be loaded).
int glibc_glob_bounded(const char *pattern, size_t most_entries, glob_t *found, int *over_budget);

#endif
