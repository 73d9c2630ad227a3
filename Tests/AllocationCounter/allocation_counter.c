#include "allocation_counter.h"

#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>
#include <unistd.h>

// glibc's allocator under its own names, which no definition here replaces.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static atomic_bool counting;
static atomic_long allocations;
static atomic_long bytes;
static atomic_long largest;

static void note(size_t size) {
    if (atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&bytes, (long)size, memory_order_relaxed);
        long seen = atomic_load_explicit(&largest, memory_order_relaxed);
        while ((long)size > seen && !atomic_compare_exchange_weak(&largest, &seen, (long)size)) {}
    }
}

void allocation_counter_start(void) {
    atomic_store(&allocations, 0);
    atomic_store(&bytes, 0);
    atomic_store(&largest, 0);
    atomic_store(&counting, 1);
}

long allocation_counter_stop(void) {
    atomic_store(&counting, 0);
    return atomic_load(&allocations);
}

long allocation_counter_bytes(void) { return atomic_load(&bytes); }

long allocation_counter_largest(void) { return atomic_load(&largest); }

void *malloc(size_t size) {
    note(size);
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    note(count * size);
    return __libc_calloc(count, size);
}

// Shrinking or growing, realloc may move the block: counted as an allocation either way.
void *realloc(void *pointer, size_t size) {
    note(size);
    return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) {
    note(size);
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    note(size);
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    note(size);
    void *memory = __libc_memalign(alignment, size);
    if (memory == NULL) return ENOMEM;
    *result = memory;
    return 0;
}

void *valloc(size_t size) {
    note(size);
    return __libc_memalign((size_t)sysconf(_SC_PAGESIZE), size);
}
