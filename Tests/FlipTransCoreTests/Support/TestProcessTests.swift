import Testing
import TestProcessSetup

/// The test process catches SIGPIPE from the moment it is loaded (`TestProcessSetup`): a test
/// writing to a pipe whose reader has gone fails on its own instead of ending the run.
struct TestProcessTests {
    @Test func brokenPipesAreCaught() {
        #expect(test_process_catches_broken_pipes() == 1)
    }
}
