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
        (["a.png", "b.png", "-o", "out.mp4", "--fps", "many"],
         "--fps must be a frame rate: a whole number, a fraction such as 30000/1001, or 29.97, 23.976, 59.94, got 'many'", "render"),
        (["slideshow", "a.png", "b.png", "-o", "show.mp4", "--fps", "1/0"],
         "--fps must be a frame rate: a whole number, a fraction such as 30000/1001, or 29.97, 23.976, 59.94, got '1/0'", "slideshow"),
        (["a.png", "b.png", "-o", "out.mp4", "--duration"], "Missing value for '--duration <seconds>'", "render"),
        // A number option says what it takes (the parser's message named no form).
        (["a.png", "b.png", "-o", "out.mp4", "--duration", "abc"], "The value 'abc' is invalid for '--duration <seconds>': it takes a number", "render"),
        // Only decimals: Swift's own reading took `0x10` as 16 seconds and `0x1p3` as 8.
        (["a.png", "b.png", "-o", "out.mp4", "--duration", "0x10"], "The value '0x10' is invalid for '--duration <seconds>': it takes a number", "render"),
        (["slideshow", "a.png", "b.png", "-o", "show.mp4", "--hold", "0x1p3"], "The value '0x1p3' is invalid for '--hold <seconds>': it takes a number", "slideshow"),
        (["slideshow", "a.png", "b.png", "-o", "show.mp4", "--audio-volume", "nan"], "The value 'nan' is invalid for '--audio-volume <gain>': it takes a number", "slideshow"),
        (["a.png", "b.png", "-o", "out.mp4", "--crf", "2.5"], "The value '2.5' is invalid for '--crf <n>': it takes a whole number", "render"),
        // A decimal comma, as German or French write numbers, is told how to write it.
        (["a.png", "b.png", "-o", "out.mp4", "--duration", "1,5"],
         "The value '1,5' is invalid for '--duration <seconds>': it takes a number (write decimals with a point: 1.5)", "render"),
        (["a.png", "b.png", "-o", "out.mp4", "--fps", "29,97"],
         "--fps must be a frame rate: a whole number, a fraction such as 30000/1001, or 29.97, 23.976, 59.94, got '29,97' (write decimals with a point: 29.97)", "render"),
        (["a.png", "b.png", "c.png", "-o", "out.mp4"],
         "Unexpected argument 'c.png': two images make a transition; more make a slideshow (fliptrans slideshow IMAGE… -o OUT)", "render"),
        (["still", "a.png", "b.png", "-o", "f.png"], "Missing expected argument '--at <t>'", "still"),
        // A file whose name begins with '-': the parser took it for options (it said '<b>' was
        // missing; one holding an h printed the help and exited 0).
        (["-a.png", "b.png", "-o", "out.mp4"], "'-a.png' is read as an option; give a file whose name begins with '-' as ./-a.png", "render"),
        (["slideshow", "b.png", "-c.jpg", "-o", "show.mp4"], "'-c.jpg' is read as an option; give a file whose name begins with '-' as ./-c.jpg", "slideshow"),
        (["-holiday.jpg", "b.png", "-o", "out.mp4"], "'-holiday.jpg' is read as an option; give a file whose name begins with '-' as ./-holiday.jpg", "render"),
        // Typographic dashes, as text copied from a document has them, and a multiplication sign.
        (["a.png", "b.png", "—duration", "1", "-o", "out.mp4"],
         "'—duration' starts with a typographic dash (—), as text copied from a document may; write --duration", "render"),
        (["a.png", "b.png", "-o", "out.mp4", "–-page"], "'–-page' starts with a typographic dash (–), as text copied from a document may; write --page", "render"),
        (["slideshow", "a.png", "-o", "out.mp4", "--progress", "loud"],
         "The value 'loud' is invalid for '--progress <progress>'. Please provide one of 'auto', 'bar', 'json' or 'none'.", "slideshow"),
        (["batch"], "Missing expected argument '<jobs>'", "batch"),
        // Words fliptrans checks itself rather than its parser, reported the same way.
        (["a.png", "b.png", "-o", "out.mp4", "--tiles", "2x2", "--stagger-order", "spiral"],
         "--stagger-order must be one of row, column, diagonal, random, got 'spiral'", "render"),
        (["a.png", "b.png", "-o", "out.gif", "--gif-dither", "ordered"],
         "--gif-dither must be one of sierra2_4a, sierra2, floyd_steinberg, bayer, heckbert, none, got 'ordered'", "render"),
        (["a.png", "b.png", "-o", "out.mp4", "--preset", "fastest"],
         "--preset must be one of ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow, placebo for H.264 (x264), got 'fastest'", "render"),
        (["a.png", "b.png", "-o", "out.mp4", "--codec", "hevc", "--preset", "quick"],
         "--preset must be one of ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow, placebo for HEVC (x265), got 'quick'", "render"),
        (["a.png", "b.png", "-o", "out.webm", "--codec", "av1", "--preset", "fast"],
         "--preset must be a number from 0 (slowest, best) to 13 (fastest) for AV1 (SVT-AV1), got 'fast'", "render"),
        (["slideshow", "a.png", "b.png", "-o", "show.mp4", "--preset", "fastest"],
         "--preset must be one of ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow, placebo for H.264 (x264), got 'fastest'", "slideshow"),
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

    /// No arguments at all: what to give, and where the commands are.
    @Test func noArgumentsSayWhatToGive() throws {
        let result = try Workspace().run([])
        #expect(result.status == 2)
        #expect(result.errorLines == ["Error: give two images and an output, fliptrans A B -o OUT, or a command: still, sheet, transitions, slideshow, batch",
                                      "See 'fliptrans --help' for the commands."])
    }

    /// A transition's own option given a value that is not one of its words (or not a number, or
    /// not true or false): a usage error that points at the transitions' list, where they are.
    @Test(arguments: [
        (["--fold", "--orientation", "sideways"], "--orientation must be one of vertical, horizontal, got 'sideways'"),
        (["--flip", "--pullback", "far"], "--pullback must be a number more than 0 and at most 4, got 'far'"),
        (["--page", "--reverse=maybe"], "--reverse must be true or false, got 'maybe'"),
    ])
    func aTransitionOptionsUnreadableValueIsAUsageError(options: [String], message: String) throws {
        let workspace = try Workspace()
        let before = workspace.files
        let result = try workspace.run(["a.png", "b.png", "-o", "out.mp4"] + options)
        #expect(result.status == 2)
        #expect(result.errorLines == ["Error: \(message)", "See 'fliptrans transitions' for every transition, its styles and options."])
        #expect(workspace.files == before)
    }

    /// A value that parses but is refused, a file that cannot be read: failures, status 1.
    @Test(arguments: [
        (["a.png", "b.png", "-o", "out.mp4", "--fps", "0"], "Error: --fps must be between 1 and 240, got 0"),
        (["missing.png", "b.png", "-o", "out.mp4"], "Error: missing.png: no such file"),
    ])
    func otherFailuresAreStatusOne(arguments: [String], line: String) throws {
        let workspace = try Workspace()
        let result = try workspace.run(arguments)
        #expect(result.status == 1)
        #expect(result.errorLines == [line])
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
