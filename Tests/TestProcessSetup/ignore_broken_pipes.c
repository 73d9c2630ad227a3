#include <signal.h>
#include <stddef.h>
#include "TestProcessSetup.h"

// The tests run many child processes in parallel, connected by pipes. A write to a pipe whose
// reader has already gone would raise SIGPIPE and end the whole test run with no word of which
// test it was; ignored, as fliptrans itself ignores it (ProcessSetup), the write fails with EPIPE
// and only that test fails. Run when the test bundle is loaded, before any test.
__attribute__((constructor)) static void ignore_broken_pipes(void) {
    signal(SIGPIPE, SIG_IGN);
}

int test_process_ignores_broken_pipes(void) {
    struct sigaction current;
    return sigaction(SIGPIPE, NULL, &current) == 0 && current.sa_handler == SIG_IGN;
}
