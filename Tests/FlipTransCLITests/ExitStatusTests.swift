import Foundation
import Testing

/// The exit statuses the README's table promises: 2 for a command line that cannot be parsed,
/// with one error line and one line saying where the help is; 1 for every other failure; 0 for
/// help. Signals (128 + N) are in InterruptionTests.
struct ExitStatusTests {
    @Test(arguments: [
        (["--bogus-option", "a.png", "b.png", "-o", "out.mp4"], "Unknown option '--bogus-option'", "render"),
        (["a.png", "b.png", "-o", "out.mp4", "--duraton", "2"], "Unknown option '--duraton'. Did you mean '--duration'?", "render"),
        (["a.png", "b.png", "-o", "out.mp4", "--fit", "wrong"],
         "The value 'wrong' is invalid for '--fit <fit>'. Please provide one of 'contain', 'cover', 'stretch' or 'blur'.", "render"),
        (["a.png", "b.png", "-o", "out.mp4", "--fps", "many"], "The value 'many' is invalid for '--fps <fps>'", "render"),
        (["a.png", "b.png", "-o", "out.mp4", "--duration"], "Missing value for '--duration <seconds>'", "render"),
        (["a.png", "b.png", "c.png", "-o", "out.mp4"], "Unexpected argument 'c.png'", "render"),
        (["still", "a.png", "b.png", "-o", "f.png"], "Missing expected argument '--at <t>'", "still"),
        (["slideshow", "a.png", "-o", "out.mp4", "--progress", "loud"],
         "The value 'loud' is invalid for '--progress <progress>'. Please provide one of 'auto', 'bar', 'json' or 'none'.", "slideshow"),
        (["batch"], "Missing expected argument '<jobs>'", "batch"),
    ])
    func aCommandLineThatCannotBeParsedIsAUsageError(arguments: [String], message: String, command: String) throws {
        let workspace = try Workspace()
        let before = workspace.files
        let result = try workspace.run(arguments)
        #expect(result.status == 2)
        #expect(result.errorLines == ["Error: \(message)", "See 'fliptrans \(command) --help' for more information."])
        #expect(result.stdout.isEmpty)
        #expect(workspace.files == before)
    }

    /// A value that parses but is refused, a file that cannot be read: failures, status 1.
    @Test(arguments: [["a.png", "b.png", "-o", "out.mp4", "--fps", "0"], ["missing.png", "b.png", "-o", "out.mp4"]])
    func otherFailuresAreStatusOne(arguments: [String]) throws {
        let workspace = try Workspace()
        let result = try workspace.run(arguments)
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1)
    }

    /// Help goes to stdout; the command batch runs each job with is not in it.
    @Test func helpIsStatusZeroOnStdout() throws {
        let workspace = try Workspace()
        let batch = try workspace.run("batch", "--help")
        #expect(batch.status == 0)
        #expect(batch.stdout.contains("--root <folder>") && batch.stderr.isEmpty)
        let root = try workspace.run("--help")
        #expect(root.status == 0)
        #expect(root.stdout.contains("batch") && !root.stdout.contains("batch-worker"))
    }
}
