import FlipTransCore
import FlipTransMedia
import Foundation
import Testing

/// Title slides and captions drawn with real fonts (FreeType and HarfBuzz), through the command.
struct SlideTextTests {
    static let spec = """
        size: 320x180
        fps: 10
        hold: 0.5
        duration: 0.2
        slides:
          - title: "Summer 2026 — Été 夏天"
            subtitle: "שלום · مرحبا"
            color: "#ffffff"
            background: "#203040"
          - image: grey.png
            caption: "Bodensee, 14. Juli"
        """

    func render(_ output: String, in workspace: Workspace) throws -> (title: Image, captioned: Image) {
        let result = try workspace.run("slideshow", "--spec", "show.yaml", "-o", output)
        #expect(result.status == 0, "\(result.stderr)")
        // The title's hold is frames 0–4, the captioned photo's 7–11.
        return (try VideoFrame.frame(2, of: output, in: workspace), try VideoFrame.frame(9, of: output, in: workspace))
    }

    func workspace() throws -> Workspace {
        let workspace = try Workspace()
        try PNGWriter.write(Image(width: 320, height: 180, filledWith: Color(red: 128, green: 128, blue: 128)), to: workspace.path("grey.png"))
        try workspace.write("show.yaml", Array(Self.spec.utf8))
        return workspace
    }

    /// Without a font, a show with text failed at its first title or caption, after the frames
    /// before it, and `batch --check` called it ready: both now say so before any frame
    /// (fontconfig given a configuration of no fonts).
    @Test func noFontIsFoundBeforeTheFirstFrame() throws {
        let workspace = try workspace()
        try workspace.write("none.conf", Array("<fontconfig><dir>/nonexistent</dir></fontconfig>".utf8))
        try workspace.write("late.yaml", Array("hold: 2\nslides: [grey.png, {image: grey.png, caption: Fin}]\n".utf8))
        try workspace.write("jobs.jsonl", Array(#"{"spec": "show.yaml", "output": "line.mp4"}"#.utf8))
        let error = "no font for titles and captions: install fonts-dejavu-core (DejaVu Sans, Noto Sans CJK SC are looked for)"
        let noFonts = #"FONTCONFIG_FILE="$PWD/none.conf" "$FLIPTRANS" "#
        let show = try Fliptrans.runShell(noFonts + "slideshow --spec late.yaml -o late.mp4 --progress json", in: workspace.url)
        #expect(show.status == 1)
        #expect(show.stdout.isEmpty, "no frame was drawn: \(show.stdout)")
        #expect(show.errorLines == ["Error: \(error)"])
        let check = try Fliptrans.runShell(noFonts + "batch jobs.jsonl --check", in: workspace.url)
        #expect(check.status == 1)
        #expect(check.errorLines == ["failed: jobs.jsonl: line 1: \(error)", "batch --check: 0 ready, 1 would fail"])
        #expect(!workspace.files.contains("late.mp4"))
    }

    /// Pixels in rows `rows` where `test` holds.
    func count(_ image: Image, rows: Range<Int>, _ test: (UInt8, UInt8, UInt8) -> Bool) -> Int {
        rows.reduce(0) { total, y in total + (0..<image.width).filter { let p = image.pixel(x: $0, y: y); return test(p.r, p.g, p.b) }.count }
    }

    @Test func aTitleSlideDrawsItsTextOnItsBackground() throws {
        let workspace = try workspace()
        let (title, _) = try render("show.mp4", in: workspace)
        // Glyphs: near-white pixels across the middle; the corners are the background, #203040.
        #expect(count(title, rows: 60..<120) { r, g, b in r > 200 && g > 200 && b > 200 } > 300)
        for (x, y) in [(2, 2), (317, 2), (2, 177), (317, 177)] {
            let p = title.pixel(x: x, y: y)
            #expect(abs(Int(p.r) - 0x20) <= 3 && abs(Int(p.g) - 0x30) <= 3 && abs(Int(p.b) - 0x40) <= 3, "\(p) at \(x),\(y)")
        }
        // No text at the top and bottom of the card.
        #expect(count(title, rows: 0..<40) { r, _, _ in r > 100 } == 0)
    }

    /// Without a background of its own, a title card is on the show's (it was black whatever the
    /// show's); a slide's own still wins.
    @Test func aTitleCardTakesTheShowsBackground() throws {
        let workspace = try Workspace()
        try workspace.write("show.yaml", Array("""
            size: 160x90
            fps: 10
            hold: 0.3
            duration: 0.2
            background: "#406080"
            slides:
              - title: "A"
              - title: "B"
                background: "#102030"
            """.utf8))
        let result = try workspace.run("slideshow", "--spec", "show.yaml", "-o", "show.mp4")
        #expect(result.status == 0, "\(result.stderr)")
        // The first card's hold is frames 0–2, the second's 4–7.
        for (frame, colour) in [(1, (0x40, 0x60, 0x80)), (6, (0x10, 0x20, 0x30))] {
            let p = try VideoFrame.frame(frame, of: "show.mp4", in: workspace).pixel(x: 2, y: 2)
            #expect(abs(Int(p.r) - colour.0) <= 3 && abs(Int(p.g) - colour.1) <= 3 && abs(Int(p.b) - colour.2) <= 3, "frame \(frame): \(p)")
        }
    }

    @Test func aCaptionSitsInTheLowerThirdWithAShadow() throws {
        let workspace = try workspace()
        let (_, captioned) = try render("show.mp4", in: workspace)
        #expect(count(captioned, rows: 120..<170) { r, g, b in r > 220 && g > 220 && b > 220 } > 100, "letters")
        #expect(count(captioned, rows: 120..<175) { r, g, b in r < 108 && g < 108 && b < 108 } > 100, "shadow, darker than the grey photo")
        // The upper part of the photo is untouched.
        #expect(count(captioned, rows: 0..<90) { r, _, _ in abs(Int(r) - 128) > 4 } == 0)
    }

    @Test func theSameTextRendersIdenticallyTwice() throws {
        let workspace = try workspace()
        let first = try render("one.mp4", in: workspace)
        let second = try render("two.mp4", in: workspace)
        #expect(first.title == second.title)
        #expect(first.captioned == second.captioned)
    }

    @Test(arguments: [
        ("  - title: Hi\n    image: grey.png\n", "slide 1: a slide has an 'image' or a 'title', not both"),
        ("  - image: grey.png\n    subtitle: x\n", "slide 1: key 'subtitle' belongs to a title slide; add 'title'"),
        ("  - title: Hi\n    color: bleu\n", "slide 1: key 'color' 'bleu' is not a colour"),
        ("  - image: grey.png\n    fit: squash\n", "slide 1: key 'fit' must be one of contain, cover, stretch, blur, got 'squash'"),
    ])
    func badTextKeysFailInOneLine(slide: String, mentions: String) throws {
        let workspace = try workspace()
        try workspace.write("show.yaml", Array("output: x.mp4\nslides:\n\(slide)".utf8))
        let result = try workspace.run("slideshow", "--spec", "show.yaml")
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1 && result.stderr.contains(mentions), "\(result.stderr)")
    }

    /// A character no font has shows as a box, and the warning names it and the slide, in slide
    /// order before the first frame (and from `batch --check`): it came when the slide did,
    /// minutes into a long show. The title that fits and is drawn whole says nothing else.
    @Test func charactersNoFontHasAreNamed() throws {
        let workspace = try workspace()
        try workspace.write("boxes.yaml", Array("""
            size: 320x180
            fps: 10
            hold: 0.5
            duration: 0.2
            slides:
              - title: "Logo \u{F8FF}"
                subtitle: "by \u{E002}"
              - image: grey.png
                caption: "\u{F8FE}\u{F8FF} \u{E000}\u{E001}"
            """.utf8))
        let result = try workspace.run("slideshow", "--spec", "boxes.yaml", "-o", "boxes.mp4")
        #expect(result.status == 0, "\(result.stderr)")
        try workspace.write("jobs.jsonl", Array(#"{"spec": "boxes.yaml", "output": "line.mp4"}"#.utf8))
        let check = try workspace.run("batch", "jobs.jsonl", "--check")
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.errorLines.dropLast(2) == result.errorLines.map { $0.replacingOccurrences(of: "warning: ", with: "warning: jobs.jsonl: line 1: ") }[...])
        #expect(result.errorLines == [
            "warning: title slide 'Logo \u{F8FF}': no font here has \u{F8FF} (U+F8FF); it shows as a box",
            // A subtitle's were said of the title (a Thai subtitle named the slide by its title).
            "warning: the subtitle of title slide 'Logo \u{F8FF}': no font here has \u{E002} (U+E002); it shows as a box",
            "warning: grey.png's caption: no font here has \u{F8FE} (U+F8FE), \u{F8FF} (U+F8FF), \u{E000} (U+E000) and 1 more; they show as a box",
        ])
    }
}
