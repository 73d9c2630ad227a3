#ifndef TEST_PROCESS_SETUP_H
#define TEST_PROCESS_SETUP_H

/// 1 when SIGPIPE is ignored in this process, as the test bundle's loading sets it.
int test_process_ignores_broken_pipes(void);

#endif
