import Foundation
import Testing
import FlipTransCore
@testable import FlipTransCLI

/// How a job line's JSON becomes the command it describes, checked on the parsed command.
struct JobLineTests {
    func job(_ line: String) throws -> BatchJob {
        try BatchJob(line: line, folder: "/jobs", context: "jobs.jsonl: line 1")
    }

    func render(_ options: String) throws -> RenderCommand {
        try #require(try job(#"{"images": ["a.png", "b.png"], "output": "out.mp4", \#(options)}"#).command as? RenderCommand)
    }

    /// true or false for a key that takes a value is refused by its key: `"fps": true` became
    /// `--fps`, which took the next argument as its value ("got '--progress=none'"), and
    /// `"fps": false` was dropped without a word. Flags and a transition's own switches take them.
    @Test(arguments: [#""fps": true"#, #""size": true"#, #""duration": true, "fps": 10"#, #""fps": false"#, #""pullback": true"#,
                      #""orientation": false, "transition": "fold""#])
    func aValuedKeyRefusesTrueOrFalse(options: String) throws {
        let key = String(options.dropFirst().prefix { $0 != "\"" })
        let error = #expect(throws: CLIError.self) { try render(options) }
        #expect(error?.message.hasPrefix("jobs.jsonl: line 1: key '\(key)' takes a value, not ") == true, "\(error?.message ?? "")")
        #expect(try render(#""page": true, "reverse": true, "quiet": false"#).transition.drawing.transitionName() == "page")
    }

    /// `quality` is a slip for a WebP's `webp-quality`, for a video's `crf`: told by the line's own
    /// output (it was by whatever the last spec job had set, or by the command line).
    @Test func qualityIsSuggestedByTheLinesOwnOutput() throws {
        for (output, meant) in [("o.webp", "webp-quality"), ("o.mp4", "crf")] {
            let error = #expect(throws: CLIError.self) { try job(#"{"images": ["a.png", "b.png"], "output": "\#(output)", "quality": 20}"#) }
            #expect(error?.message == "jobs.jsonl: line 1: unknown key 'quality'. Did you mean '\(meant)'?")
        }
    }

    /// A job's output is a file: the batch's standard output carries its events (a video there
    /// was lost under --progress json, which reported it done).
    @Test func aJobCannotWriteToStandardOutput() throws {
        let error = #expect(throws: CLIError.self) { try job(#"{"images": ["a.png", "b.png"], "output": "-"}"#) }
        #expect(error?.message == #"jobs.jsonl: line 1: "output" must be a file: a batch's standard output carries its events, not a video"#)
    }

    /// A line that is not JSON says where it fails; a number out of range says so (it was "not
    /// a JSON object", as a line that is an array still is).
    @Test(arguments: [(#"{"images": ["a.png", "b.png"], "output": "o.mp4", "duration": 1e400}"#, "not a JSON object (number 1e400 is not representable)"),
                      (#"{"images": ["a.png", "b.png"], "output": }"#, "not a JSON object (invalid value at column 42)"),
                      (#"{"images": ["é.png", "b.png"], "output": }"#, "not a JSON object (invalid value at column 42)"),
                      (#"["a.png", "b.png"]"#, "not a JSON object")])
    func aLineThatIsNoJSONObjectSaysWhy(line: String, message: String) throws {
        let error = #expect(throws: CLIError.self) { try job(line) }
        #expect(error?.message == "jobs.jsonl: line 1: \(message)")
    }

    /// A NUL character ends a path in C: `clip\u0000-1.mp4` wrote `clip`, which the next line's
    /// `clip\u0000-2.webm` overwrote, both reported done. Such text is refused wherever it is.
    @Test(arguments: [(#""output": "clip\u0000-1.mp4", "images": ["a.png", "b.png"]"#, "output"),
                      (#""output": "clip.mp4", "images": ["a.png", "b\u0000.png"]"#, "images"),
                      (#""output": "clip.mp4", "slides": ["a.png", {"image": "b.png", "caption": "x\u0000"}]"#, "caption")])
    func textHoldingANULCharacterIsRefused(line: String, key: String) throws {
        let error = #expect(throws: CLIError.self) { try job("{\(line)}") }
        #expect(error?.message == "jobs.jsonl: line 1: key '\(key)': a NUL character (\\u0000) in its text, which no path or value may hold")
    }

    /// Lines with the same options share one parse; each keeps its own images and output, and a
    /// line with other options is parsed for itself.
    @Test func linesWithTheSameOptionsKeepTheirOwnPaths() throws {
        let commands = ParsedCommandCache()
        func line(_ images: String, _ output: String, _ options: String) throws -> RenderCommand {
            let job = try BatchJob(line: #"{"images": [\#(images)], "output": "\#(output)", \#(options)}"#, folder: "/jobs",
                                   context: "jobs.jsonl: line 1", commands: commands)
            return try #require(job.command as? RenderCommand)
        }
        let first = try line(#""a.png", "b.png""#, "one.mp4", #""shadow": 0.5"#)
        let second = try line(#""c.png", "/d.png""#, "out/two.webm", #""shadow": 0.5"#)
        let third = try line(#""e.png", "f.png""#, "three.mp4", #""shadow": 0.25"#)
        #expect(first.images.paths == ["/jobs/a.png", "/jobs/b.png"] && first.output == "/jobs/one.mp4")
        #expect(second.images.paths == ["/jobs/c.png", "/d.png"] && second.output == "/jobs/out/two.webm")
        #expect(second.transition.drawing.look.shadow == 0.5)
        #expect(third.images.paths == ["/jobs/e.png", "/jobs/f.png"] && third.transition.drawing.look.shadow == 0.25)
    }

    /// The options the command line's parsing adds for a transition's words are no keys.
    @Test(arguments: ["transition-shorthand", "set"])
    func theCommandLinesOwnHiddenOptionsAreNoKeys(key: String) {
        for value in [#"["page"]"#, #""page""#] {
            let error = #expect(throws: CLIError.self) {
                try BatchJob(line: #"{"images": ["a.png", "b.png"], "output": "o.mp4", "\#(key)": \#(value)}"#, folder: "/jobs", context: "jobs.jsonl: line 1")
            }
            #expect(error?.message == "jobs.jsonl: line 1: unknown key '\(key)'")
        }
    }

    /// Inline slideshows with the same top-level options share one parse too (2,000 such lines
    /// took 4.4 s to plan, 0.2 s now); each keeps its own output, slides and options.
    @Test func inlineShowsWithTheSameOptionsKeepTheirOwnOutputs() throws {
        let commands = ParsedCommandCache()
        func line(_ output: String, _ options: String) throws -> SlideshowCommand {
            let job = try BatchJob(line: #"{"slides": ["a.png", {"image": "b.png", "transition": "fold"}], "output": "\#(output)", \#(options)}"#,
                                   folder: "/jobs", context: "jobs.jsonl: line 1", commands: commands)
            return try #require(job.command as? SlideshowCommand)
        }
        let first = try line("one.mp4", #""hold": 2"#)
        let second = try line("out/two.webm", #""hold": 2"#)
        let third = try line("three.mp4", #""hold": 3"#)
        #expect(first.output == "/jobs/one.mp4" && second.output == "/jobs/out/two.webm" && third.output == "/jobs/three.mp4")
        #expect(first.show.hold == 2 && second.show.hold == 2 && third.show.hold == 3)
        // Parsed once for both outputs.
        var parses = 0
        func show(_ output: String) throws -> SlideshowCommand {
            let arguments = ["--hold=2", "--output=\(output)"]
            return try commands.slideshow(arguments) {
                parses += 1
                return try OptionArguments.parse(SlideshowCommand.self, arguments, context: "test")
            }
        }
        let (one, two) = (try show("/x/one.mp4"), try show("/x/two.mp4"))
        #expect(parses == 1 && one.output == "/x/one.mp4" && two.output == "/x/two.mp4")
    }

    /// JSONSerialization reads 0 and 1 as NSNumbers that also cast to false and true: a shadow of
    /// 0 must stay 0, not become a flag left out, and 1 fps must not become a bare `--fps`.
    @Test func zeroAndOneAreNumbersNotBooleans() throws {
        let command = try render(#""shadow": 0, "fps": 1, "hold": 1, "crf": 0"#)
        #expect(command.transition.drawing.look.shadow == 0)
        #expect(try command.transition.frameRate() == 1)
        #expect(try command.holds.checked() == (1, 1))
        #expect(command.encoding.crf == 0)
    }

    @Test func booleansAreFlags() throws {
        let values = try ParameterArguments.values(try render(#""reverse": true, "unfold": false"#).transition.drawing.look.parameterValues)
        #expect(values == ParameterValues(["reverse": .flag(true), "unfold": .flag(false)]))
    }

    /// A transition's name is a key too, as on the command line: `"fold": true` picks the fold,
    /// `"fold": "cubic"` also its mode.
    @Test func transitionShorthandsAreKeys() throws {
        #expect(try render(#""fold": true"#).transition.drawing.transitionName() == "fold")
        #expect(try render(#""page": true"#).transition.drawing.transitionName() == "page")
        let cubic = try render(#""fold": "cubic""#).transition
        #expect(try cubic.drawing.transitionName() == "fold")
        #expect(try (cubic.makeClip().transition as? Fold)?.style == .cubic)
        let error = #expect(throws: CLIError.self) { try render(#""fold": true, "transition": "page""#).transition.drawing.transitionName() }
        #expect(error?.message == "conflicting transitions: 'page' and 'fold'; choose one")
    }

    @Test func pathsAreRelativeToTheJobFile() throws {
        let command = try render(#""duration": 1.5"#)
        #expect([command.images.a, command.images.b, command.output] == ["/jobs/a.png", "/jobs/b.png", "/jobs/out.mp4"])
        #expect(command.transition.drawing.time.duration == 1.5)
    }

    /// A key becomes `--key`, so only an option's name may be one: `fps=5` would set --fps and
    /// make its value a third image.
    @Test(arguments: [#""fps=5": "c.png""#, #""-o": "x.mp4""#, #""ke\ny": 1"#])
    func keysThatAreNotOptionNamesAreRefused(_ member: String) throws {
        let error = #expect(throws: CLIError.self) { try render(member) }
        #expect(error?.description.hasPrefix("jobs.jsonl: line 1: unknown key '") == true)
        #expect(error?.description.contains("\n") == false)
    }

    /// A value is bound to its key: text that looks like an option stays the key's value.
    @Test func aValueThatLooksLikeAnOptionIsAValue() throws {
        #expect(try render(#""timing": "--reverse""#).transition.drawing.time.timing == "--reverse")
    }

    /// The command line's built-in flags would print help or a completion script instead.
    @Test(arguments: ["help", "help-hidden", "version", "generate-completion-script", "experimental-dump-help"])
    func builtInFlagsAreNotKeys(_ flag: String) throws {
        for value in ["true", "\"bash\"", "3"] {
            let error = #expect(throws: CLIError.self) { try render("\"\(flag)\": \(value)") }
            #expect(error?.description == "jobs.jsonl: line 1: unknown key '\(flag)'")
        }
    }

    /// JSON writers often put whole numbers as 30.0; an option that takes whole numbers takes them.
    @Test func integralFloatsAreWholeNumbers() throws {
        let command = try render(#""fps": 30.0, "crf": 20.0, "duration": 2.0, "shadow": -0.0"#)
        #expect(try command.transition.frameRate() == 30)
        #expect(command.encoding.crf == 20)
        #expect(command.transition.drawing.time.duration == 2)
        // A rate may be fractional (29.97); a crf may not.
        #expect(try render(#""fps": 30.5"#).transition.frameRate() == FrameRate(numerator: 61, denominator: 2))
        let error = #expect(throws: CLIError.self) { try render(#""crf": 20.5"#) }
        #expect(error?.description.hasPrefix("jobs.jsonl: line 1: ") == true && error?.description.contains("20.5") == true)
    }

    /// A byte-order mark, as editors write at a file's start (and `cat` of two such files in its
    /// middle), is no part of a line: a `# comment` after one was refused as no JSON, and a
    /// line's error column counted it.
    @Test func byteOrderMarksAreNoPartOfALine() throws {
        let workspace = try Workspace()
        let path = workspace.path("jobs.jsonl")
        let line = #"{"images": ["a.png", "b.png"], "output": "out.mp4"}"#
        try Data(("\u{FEFF}# jobs\n" + line + "\n\u{FEFF}{\"a\": }\n").utf8).write(to: URL(fileURLWithPath: path))
        let file = try JobFile(contentsOf: path)
        #expect(file.lines.map(\.number) == [2, 3])
        _ = try file.job(on: file.lines[0])
        let error = #expect(throws: CLIError.self) { try file.job(on: file.lines[1]) }
        #expect(error?.message == "\(path): line 3: not a JSON object (invalid value at column 7)")
    }

    @Test func windowsLineEndingsSeparateJobs() throws {
        let workspace = try Workspace()
        let path = workspace.path("jobs.jsonl")
        let line = #"{"images": ["a.png", "b.png"], "output": "out.mp4"}"#
        try Data(("# two jobs\r\n" + line + "\r\n\r\n" + line + "\r\n").utf8).write(to: URL(fileURLWithPath: path))
        let file = try JobFile(contentsOf: path)
        #expect(file.lines.map(\.context) == ["\(path): line 2", "\(path): line 4"])
        for line in file.lines { _ = try file.job(on: line) }
    }

    /// A shard keeps only its own jobs whole (each render took 4.6 KB: a shard of a 100,000-line
    /// file held 560 MB), yet checks every line against every other: a clash between jobs of
    /// other shards refuses the batch in this one too.
    @Test func aShardKeepsItsOwnJobsAndChecksEveryLine() throws {
        let workspace = try Workspace()
        let path = workspace.path("jobs.jsonl")
        func line(_ output: String) -> String { #"{"images": ["a.png", "b.png"], "output": "\#(output)"}"# }
        try Data((0..<10).map { line("clip\($0).mp4") }.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        let plan = BatchPlan(try JobFile(contentsOf: path), root: nil, settings: BatchJob.Settings(), shard: try Shard("1/4"))
        #expect(plan.refusals.isEmpty)
        #expect(plan.entries.map(\.job.output) == ["clip1.mp4", "clip5.mp4", "clip9.mp4"].map(workspace.path))
        // Lines 1 and 3, of shards 0 and 2, write one file.
        try Data([line("same.mp4"), line("x.mp4"), line("same.mp4"), line("y.mp4")].joined(separator: "\n").utf8)
            .write(to: URL(fileURLWithPath: path))
        let clashing = BatchPlan(try JobFile(contentsOf: path), root: nil, settings: BatchJob.Settings(), shard: try Shard("1/4"))
        let same = workspace.path("same.mp4")
        #expect(clashing.refusals.map(\.reason) == ["\(path): line 3: output '\(same)' is also the output of line 1"])
    }
}
