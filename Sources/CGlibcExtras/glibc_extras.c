#define _GNU_SOURCE
#include <dlfcn.h>
#include <malloc.h>
#include <sched.h>
#include <stddef.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "CGlibcExtras.h"

int glibc_affinity_cpu_count(void) {
    cpu_set_t set;
    return sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 0;
}

const char *glibc_this_object_path(void) {
    Dl_info info;
    return dladdr((const void *)&glibc_this_object_path, &info) != 0 ? info.dli_fname : NULL;
}

int glibc_lower_thread_priority(int increment) {
    pid_t thread = (pid_t)syscall(SYS_gettid);
    return setpriority(PRIO_PROCESS, (id_t)thread, getpriority(PRIO_PROCESS, (id_t)thread) + increment);
}

int glibc_zero_new_allocations(void) {
    return mallopt(M_PERTURB, 0xFF) == 1;
}

int glibc_is_immutable_or_append_only(const char *path) {
    struct statx status;
    if (statx(AT_FDCWD, path, AT_SYMLINK_NOFOLLOW, 0, &status) != 0) return 0;
    const __u64 marks = STATX_ATTR_IMMUTABLE | STATX_ATTR_APPEND;
    return (status.stx_attributes & status.stx_attributes_mask & marks) != 0;
}
