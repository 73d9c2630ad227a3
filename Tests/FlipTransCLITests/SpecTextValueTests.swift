import Foundation
import Testing
@testable import FlipTransCLI

/// A title, subtitle or caption is the text written in the spec, quoted or not: YAML would read
/// an unquoted `12:30` as the number 750, and the title would show 750.
struct SpecTextValueTests {
    @Test func textKeysKeepTheirTextAsWrittenAndOtherKeysTheirTypes() throws {
        let workspace = try Workspace()
        try workspace.write("show.yaml", Array("""
            fps: 10
            slides:
              - title: 12:30
                subtitle: 0x1F
              - image: a.png
                caption: 1.10
                hold: 1.5
              - title: 2026-05-01
              - title: |
                  Centred

            """.utf8))
        let document = try SpecDocument(contentsOf: workspace.path("show.yaml"))
        let spec = try #require(document.value as? [String: Any])
        let slides = try #require(spec["slides"] as? [[String: Any]])
        #expect(spec["fps"] as? Int == 10)
        #expect(slides[0]["title"] as? String == "12:30" && slides[0]["subtitle"] as? String == "0x1F")
        #expect(slides[1]["caption"] as? String == "1.10" && slides[1]["hold"] as? Double == 1.5)
        #expect(slides[2]["title"] as? String == "2026-05-01")
        #expect(slides[3]["title"] as? String == "Centred\n")
    }

    /// A number is read from its decimals, as the command line reads it: YAML took `crf: 020` as
    /// octal (crf 16) and `total: 1:05` as 65 seconds, where `--total 1:05` is refused.
    @Test func numbersAreReadAsTheCommandLineReadsThem() throws {
        let workspace = try Workspace()
        try workspace.write("show.yaml", Array("crf: 020\nfps: 0x10\ntotal: 1:05\nhold: .inf\nduration: 1e0\nslides: [a.png]\n".utf8))
        let spec = try #require(try SpecDocument(contentsOf: workspace.path("show.yaml")).value as? [String: Any])
        #expect(spec["crf"] as? Int == 20 && spec["duration"] as? Double == 1)
        #expect(spec["fps"] as? String == "0x10" && spec["total"] as? String == "1:05" && spec["hold"] as? String == ".inf")
        try workspace.write("total.yaml", Array("total: 1:05\nslides: [a.png, b.png]\n".utf8))
        let result = try workspace.run("slideshow", "--spec", "total.yaml", "-o", "show.mp4")
        #expect(result.errorLines == ["Error: total.yaml: key 'total' takes a number, got '1:05'"])
    }

    /// A colour left unquoted is a comment in YAML: the key has no value, and the error says why.
    /// A byte-order mark before the document is not part of it.
    @Test func anUnquotedColourIsExplainedAndAByteOrderMarkIgnored() throws {
        let workspace = try Workspace()
        try workspace.write("show.yaml", Array("\u{FEFF}slides:\n  - image: a.png\n    caption: Hi\n    caption-color: #ffd060\n".utf8))
        let result = try workspace.run("slideshow", "--spec", "show.yaml", "-o", "show.mp4")
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: show.yaml: slide 1: key 'caption-color' has no value (in YAML, # starts a comment: write a colour in quotes, '#101010')"])
        let document = try SpecDocument(contentsOf: workspace.path("show.yaml"))
        #expect((document.value as? [String: Any])?["slides"] != nil)
    }

    /// A text key with nothing after it, `~` or `null` has no value, as any other key: it was
    /// drawn as the text "null" or "~", or as an empty title without a word.
    @Test(arguments: ["title: ~", "title: null", "title:", "caption: #fff"])
    func aTextKeyWithNoValueIsRefused(line: String) throws {
        let workspace = try Workspace()
        let key = String(line.prefix { $0 != ":" })
        try workspace.write("show.yaml", Array("slides:\n  - image: a.png\n    \(line)\n".utf8))
        let result = try workspace.run("slideshow", "--spec", "show.yaml", "-o", "show.mp4")
        #expect(result.status == 1)
        // Said of colours' keys only, the hint about `#` would mislead here.
        #expect(result.errorLines.first?.hasSuffix("slide 1: key '\(key)' has no value") == true, "\(result.stderr)")
        let quoted = try Workspace()
        try quoted.write("show.yaml", Array("slides:\n  - title: \"null\"\n".utf8))
        let document = try SpecDocument(contentsOf: quoted.path("show.yaml"))
        #expect(((document.value as? [String: Any])?["slides"] as? [[String: Any]])?.first?["title"] as? String == "null")
    }

    /// A JSON spec's surrogate-pair escapes (how JSON encoders write an emoji) are the character
    /// they encode; libyaml refused them as invalid escapes. An escaped backslash before one keeps
    /// its text, and a YAML spec's text is not touched.
    @Test func aJSONSpecsSurrogatePairsAreTheirCharacter() throws {
        let workspace = try Workspace()
        try workspace.write("show.json", Array(#"{"slides": [{"title": "Hi \uD83D\ude00", "subtitle": "\\ud83d\\ude00 \\\ud83d\ude00"}]}"#.utf8))
        let document = try SpecDocument(contentsOf: workspace.path("show.json"))
        let slide = try #require(((document.value as? [String: Any])?["slides"] as? [[String: Any]])?.first)
        #expect(slide["title"] as? String == "Hi \u{1F600}")
        #expect(slide["subtitle"] as? String == #"\ud83d\ude00 \"# + "\u{1F600}")
        #expect(SpecDocument.joiningSurrogatePairs(#"title: "\ud83d\ude00""#) == #"title: "\ud83d\ude00""#)
    }
}
