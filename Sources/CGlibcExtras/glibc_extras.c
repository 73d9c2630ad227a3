#define _GNU_SOURCE
#include <dlfcn.h>
#include <sched.h>
#include <stddef.h>
#include "CGlibcExtras.h"

int glibc_affinity_cpu_count(void) {
    cpu_set_t set;
    return sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 0;
}

const char *glibc_this_object_path(void) {
    Dl_info info;
    return dladdr((const void *)&glibc_this_object_path, &info) != 0 ? info.dli_fname : NULL;
}
