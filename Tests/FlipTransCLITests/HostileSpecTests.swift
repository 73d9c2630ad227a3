import FlipTransCore
import Foundation
import Testing

/// Specs written to exhaust the reader — nesting that would overflow the stack, aliases that
/// expand exponentially ("billion laughs"), merge keys that merge in quadratic time, endless
/// files — through the real command: each is refused with one line naming the file, before any
/// image is read.
struct HostileSpecTests {
    /// The transitions a slideshow takes: every one, and cycle.
    static let available = (TransitionRegistry.standard.names + [TransitionCycle.name]).joined(separator: ", ")

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let spec: String
        let mentions: String
        var testDescription: String { name }
    }

    /// Ten levels of ten aliases each: 10¹⁰ strings once expanded, in 600 bytes.
    static let billionLaughs = (1...9).reduce("l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n") { text, level in
        text + "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
    } + "slides: [a.png]\n"

    static let cases: [Case] = [
        Case(name: "100000 nested flow sequences", spec: "slides: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
             mentions: "nested more than 32 levels deep"),
        Case(name: "100000 nested block sequences", spec: "slides:\n" + String(repeating: "- ", count: 100_000) + "a.png\n",
             mentions: "nested more than 32 levels deep"),
        Case(name: "unclosed brackets", spec: String(repeating: "{a: [", count: 50_000), mentions: "nested more than 32 levels deep"),
        Case(name: "billion laughs", spec: billionLaughs, mentions: "YAML aliases such as '*l0' are not supported"),
        Case(name: "merge keys", spec: "slides: [a.png]\n" + String(repeating: "<<: {}\n", count: 1000), mentions: "merge keys ('<<') are not supported"),
        Case(name: "a NUL character", spec: "output: \"out\\0.mp4\"\nslides: [a.png, b.png]\n", mentions: "key 'output': a NUL character (\\u0000) in its text"),
        Case(name: "100000 accents on one letter", spec: "slides:\n  - title: \"a" + String(repeating: "\u{301}", count: 100_000) + "\"\n",
             mentions: "slide 1: key 'title': a letter carries 100000 combining marks (or invisible characters among them), and at most 30 are drawn (Unicode's stream-safe limit: no script stacks more)"),
        // A combining grapheme joiner between them leaves them on the same letter.
        Case(name: "50000 accents and joiners on one letter", spec: "slides:\n  - title: \"a" + String(repeating: "\u{301}\u{34F}", count: 25_000) + "\"\n",
             mentions: "slide 1: key 'title': a letter carries 50000 combining marks (or invisible characters among them)"),
        Case(name: "over 1 MiB", spec: "slides:\n" + String(repeating: "- a.png\n", count: 140_000), mentions: "a spec is at most 1024 KiB"),
    ]

    @Test(arguments: cases)
    func isRefusedInOneLine(_ hostile: Case) throws {
        let workspace = try Workspace()
        try workspace.write("show.yaml", Array(hostile.spec.utf8))
        let before = workspace.files
        let result = try workspace.run("slideshow", "--spec", "show.yaml", "-o", "out.mp4")
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1, "\(result.stderr.prefix(500))")
        #expect(result.stderr.hasPrefix("Error: show.yaml: ") && result.stderr.contains(hostile.mentions), "\(result.stderr.prefix(500))")
        #expect(workspace.files == before)
    }

    @Test func anEndlessPipeIsReadOnlyToTheLimit() throws {
        let workspace = try Workspace()
        let result = try Fliptrans.runShell(#"exec "$FLIPTRANS" slideshow --spec <(yes) -o out.mp4"#, in: workspace.url)
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1)
        #expect(result.stderr.hasPrefix("Error: /dev/fd/") && result.stderr.hasSuffix(": a spec is at most 1024 KiB; this file is larger\n"))
        #expect(!workspace.files.contains("out.mp4"))
    }

    /// A device, or a named FIFO that no one writes to, would never end or never start: refused
    /// at once. A pipe the shell passes (`<(…)`) is read, and its relative paths start at the
    /// current folder.
    @Test func aSpecMustBeARegularFileOrAPipe() throws {
        let workspace = try Workspace()
        #expect(mkfifo(workspace.path("show.fifo"), 0o600) == 0)
        for spec in ["/dev/zero", "show.fifo"] {
            let result = try workspace.run("slideshow", "--spec", spec, "-o", "out.mp4")
            #expect(result.status == 1)
            #expect(result.errorLines == ["Error: \(spec): not a regular file"])
        }
        let piped = try Fliptrans.runShell(#""$FLIPTRANS" slideshow --spec <(echo '{fps: 10, hold: 0.1, duration: 0.2, slides: [a.png, b.png]}') -o out.mp4"#,
                                           in: workspace.url)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(try ProbedVideo(path: workspace.path("out.mp4")).frames == 4)
    }

    /// Yams would keep the last of a key given twice; the spec is refused instead, whether YAML
    /// or JSON, at the top or in a slide.
    @Test(arguments: [
        ("fps: 10\nfps: 12\nslides: [a.png]\n", "fps"),
        (#"{"fps": 10, "slides": ["a.png"], "f\u0070s": 12}"#, "fps"),
        ("slides:\n  - image: a.png\n    hold: 1\n    hold: 2\n", "hold"),
        ("slides: [{image: a.png, hold: 1}, {image: b.png, hold: 2}]\nloop: true\n'loop': false\n", "loop"),
    ])
    func aDuplicateKeyIsRefused(spec: String, key: String) throws {
        let workspace = try Workspace()
        try workspace.write("show.yaml", Array(spec.utf8))
        let result = try workspace.run("slideshow", "--spec", "show.yaml", "-o", "out.mp4")
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: show.yaml: duplicate key '\(key)'"])
        #expect(!workspace.files.contains("out.mp4"))
    }

    /// Text quoted from a spec into an error keeps its line break as `\n`: still one line.
    @Test func aValueWithALineBreakIsQuotedOnOneLine() throws {
        let workspace = try Workspace()
        try workspace.write("show.yaml", Array("slides:\n  - image: a.png\n    transition: \"flip\\npage\"\n".utf8))
        let result = try workspace.run("slideshow", "--spec", "show.yaml", "-o", "out.mp4")
        #expect(result.status == 1)
        #expect(result.errorLines == [#"Error: show.yaml: slide 1: unknown transition 'flip\npage' (available: "# + Self.available + ")"])
    }

    /// A huge value is not echoed whole: the error keeps the file's name and the reason.
    @Test func aHugeValueIsElidedInTheError() throws {
        let workspace = try Workspace()
        let huge = String(repeating: "x", count: 100_000)
        try workspace.write("show.yaml", Array("slides:\n  - image: a.png\n    transition: \(huge)\n".utf8))
        let result = try workspace.run("slideshow", "--spec", "show.yaml", "-o", "out.mp4")
        #expect(result.status == 1)
        let line = try #require(result.errorLines.first)
        #expect(result.errorLines.count == 1 && line.count <= 600 + "Error: ".count)
        #expect(line.hasPrefix("Error: show.yaml: slide 1: unknown transition 'xxx"))
        #expect(line.hasSuffix("xxx' (available: \(Self.available))"))
        #expect(line.contains("…(99"))
    }
}
