#ifndef TEST_PROCESS_SETUP_H
#define TEST_PROCESS_SETUP_H

/// 1 when SIGPIPE is caught (by a handler that does nothing) in this process, as the test
/// bundle's loading sets it.
int test_process_catches_broken_pipes(void);

#endif
