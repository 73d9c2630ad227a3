#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <glob.h>
#include <locale.h>
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

int glibc_release_free_memory(void) {
    return malloc_trim(0);
}

int glibc_is_immutable_or_append_only(const char *path) {
    struct statx status;
    if (statx(AT_FDCWD, path, AT_SYMLINK_NOFOLLOW, 0, &status) != 0) return 0;
    const __u64 marks = STATX_ATTR_IMMUTABLE | STATX_ATTR_APPEND;
    return (status.stx_attributes & status.stx_attributes_mask & marks) != 0;
}

/* What is left of the calling thread's glob budget, and whether it ran out. */
static _Thread_local size_t glob_entries_left;
static _Thread_local int glob_over_budget;

static struct dirent *glob_read_entry(void *folder) {
    if (glob_entries_left == 0) {
        glob_over_budget = 1;
        return NULL;
    }
    glob_entries_left -= 1;
    return readdir((DIR *)folder);
}

static void *glob_open_folder(const char *path) { return opendir(path); }
static void glob_close_folder(void *folder) { closedir((DIR *)folder); }

int glibc_glob_bounded(const char *pattern, size_t most_entries, glob_t *found, int *over_budget) {
    glob_entries_left = most_entries;
    glob_over_budget = 0;
    found->gl_opendir = glob_open_folder;
    found->gl_readdir = glob_read_entry;
    found->gl_closedir = glob_close_folder;
    found->gl_stat = (int (*)(const char *, struct stat *))stat;
    found->gl_lstat = (int (*)(const char *, struct stat *))lstat;
    /* In the process's "C" locale, `?` and `[…]` match a byte, not a character: `caf?.png` did
       not match café.png. Where C.UTF-8 cannot be loaded, they still match bytes. */
    locale_t utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
    locale_t previous = utf8 ? uselocale(utf8) : (locale_t)0;
    int result = glob(pattern, GLOB_ALTDIRFUNC, NULL, found);
    if (utf8) {
        uselocale(previous);
        freelocale(utf8);
    }
    *over_budget = glob_over_budget;
    return result;
}
