#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

// Counts the heap allocations every thread of the process makes (malloc, calloc, realloc,
// posix_memalign, aligned_alloc, memalign, valloc), by defining those functions in the executable
// that links this target: the dynamic loader then binds every shared object's calls to them,
// a dlopen'ed plugin's and its statically linked Swift runtime's included. Each forwards to the C
// library's own allocator (__libc_malloc and its siblings), so memory is handed out and freed
// as without it. For test programs only.

/// Starts counting from zero.
void allocation_counter_start(void);

/// Stops counting and returns the allocations made since `allocation_counter_start`.
long allocation_counter_stop(void);

/// The bytes those allocations asked for.
long allocation_counter_bytes(void);

/// The bytes the largest of them asked for.
long allocation_counter_largest(void);

#endif
