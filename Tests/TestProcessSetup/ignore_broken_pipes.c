#include <signal.h>
#include <stddef.h>
#include "TestProcessSetup.h"

// The tests run many child processes in parallel, connected by pipes. A write to a pipe whose
// reader has already gone would raise SIGPIPE and end the whole test run with no word of which
// test it was; caught by a handler that does nothing, the write fails with EPIPE and only that
// test fails. A handler, not SIG_IGN: an ignored signal stays ignored in the children the tests
// start (`yes | fliptrans …` must still end `yes` by SIGPIPE), a handler is reset by exec.
// Installed when the test bundle is loaded, before any test.
static void broken_pipe(int signal_number) {
    (void)signal_number;
}

__attribute__((constructor)) static void catch_broken_pipes(void) {
    struct sigaction action = {0};
    action.sa_handler = broken_pipe;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGPIPE, &action, NULL);
}

int test_process_catches_broken_pipes(void) {
    struct sigaction current;
    return sigaction(SIGPIPE, NULL, &current) == 0 && current.sa_handler == broken_pipe;
}
