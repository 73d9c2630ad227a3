#define _GNU_SOURCE
#include <dlfcn.h>
#include <malloc.h>
#include <sched.h>
#include <stddef.h>
#include <sys/resource.h>
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
