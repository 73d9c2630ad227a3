import Testing
import TestProcessSetup

/// The test process ignores SIGPIPE from the moment it is loaded (`TestProcessSetup`): a test
/// writing to a pipe whose reader has gone fails on its own instead of ending the run.
struct TestProcessTests {
    @Test func brokenPipesAreIgnored() {
        #expect(test_process_ignores_broken_pipes() == 1)
    }
}
