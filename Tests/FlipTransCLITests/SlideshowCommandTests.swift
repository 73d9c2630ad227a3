import FlipTransCore
import FlipTransMedia
import Foundation
import Testing

struct SlideshowCommandTests {
    /// Three inputs: a.png, b.png and a third, c.png.
    func workspace() throws -> Workspace {
        let workspace = try Workspace()
        try PNGWriter.write(Workspace.pattern(160, 120, tint: 0), to: workspace.path("c.png"))
        return workspace
    }

    /// Each transition but the last of a show that does not loop leaves out its last frame, the
    /// picture the next begins with (or, looping, the first hold).
    @Test(arguments: [(false, 3 * 5 + 2 * 4 - 1), (true, 3 * 5 + 3 * 4 - 3)])
    func framesAreHoldsPlusTransitions(loop: Bool, frames: Int) throws {
        let workspace = try workspace()
        let result = try workspace.run(["slideshow", "a.png", "b.png", "c.png", "-o", "show.mp4", "--fps", "10",
                                        "--hold", "0.5", "--duration", "0.4", "--transition", "cycle"] + (loop ? ["--loop"] : []))
        #expect(result.status == 0, "\(result.stderr)")
        let video = try ProbedVideo(path: workspace.path("show.mp4"))
        #expect(video.frames == frames)
        #expect(abs(video.duration - Double(frames) / 10) < 1e-3)
    }

    /// A loop of one image has no image to turn to: the video is the image held, and a note
    /// says so (it said nothing).
    @Test func aLoopOfOneImageIsNoted() throws {
        let workspace = try workspace()
        let result = try workspace.run("slideshow", "a.png", "--loop", "-o", "one.mp4", "--fps", "10", "--hold", "0.5")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("note: one.mp4: a loop turns from the last image back to the first, and with one image there is none to turn to: the video holds it"),
                "\(result.stderr)")
        #expect(try ProbedVideo(path: workspace.path("one.mp4")).frames == 5)
        let two = try workspace.run("slideshow", "a.png", "b.png", "--loop", "-o", "two.mp4", "--fps", "10", "--hold", "0.2", "--duration", "0.2")
        #expect(two.status == 0, "\(two.stderr)")
        #expect(!two.stderr.contains("note:"), "\(two.stderr)")
    }

    /// A note quoting a name with a line break keeps it `\n`, on one line, as errors do.
    @Test func aNoteQuotingALineBreakStaysOneLine() throws {
        let workspace = try workspace()
        let result = try workspace.run("slideshow", "a.png", "--loop", "-o", "one\n.mp4", "--fps", "10", "--hold", "0.2")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.errorLines.contains { $0.hasPrefix(#"note: one\n.mp4: a loop turns"#) }, "\(result.stderr)")
    }

    @Test func jsonProgressIsOneObjectPerLine() throws {
        let workspace = try workspace()
        let result = try workspace.run("slideshow", "a.png", "b.png", "-o", "show.webm", "--fps", "10", "--hold", "0.2",
                                       "--duration", "0.3", "--progress", "json")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(Set(object.keys) == ["frame", "total", "fps", "eta_seconds"])
            #expect(object["total"] as? Int == 7)
        }
        let last = try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as! [String: Any]
        #expect(last["frame"] as? Int == 7)
    }

    @Test func specDescribesTheShowWithPerSlideOverrides() throws {
        let workspace = try workspace()
        try workspace.write("show.yaml", Array("""
            # a commented spec
            output: tour.mp4
            size: 96x64
            fps: 10
            hold: 0.3
            duration: 0.5
            transition: page
            slides:
              - a.png
              - image: b.png
                hold: 1
                transition: fold
                fold: cubic
              - c.png
            """.utf8))
        let result = try workspace.run("slideshow", "--spec", "show.yaml")
        #expect(result.status == 0, "\(result.stderr)")
        let video = try ProbedVideo(path: workspace.path("tour.mp4"))
        #expect(video.width == 96 && video.height == 64)
        // The first transition leaves out the frame the second begins with.
        #expect(video.frames == 3 + 10 + 3 + 2 * 5 - 1)
    }

    /// A spec's console keys run the show (they were once parsed and then ignored); those given
    /// beside the spec win.
    @Test func specConsoleKeysRunTheShow() throws {
        let workspace = try workspace()
        try workspace.write("show.yaml", Array("output: show.mp4\nsize: 96x64\nfps: 10\nhold: 0.2\nduration: 0.3\nthreads: 1\nstats: true\nslides: [a.png, b.png]\n".utf8))
        let fromSpec = try workspace.run("slideshow", "--spec", "show.yaml")
        #expect(fromSpec.status == 0, "\(fromSpec.stderr)")
        #expect(fromSpec.errorLines.last?.hasPrefix("stats: frames 7 ") == true, "\(fromSpec.stderr)")
        #expect(fromSpec.errorLines.last?.hasSuffix("· threads 1") == true, "\(fromSpec.stderr)")
        let beside = try workspace.run("slideshow", "--spec", "show.yaml", "--threads", "3")
        #expect(beside.status == 0, "\(beside.stderr)")
        #expect(beside.errorLines.last?.hasSuffix("· threads 3") == true, "\(beside.stderr)")
    }

    /// A spec's value that the output refuses only once the frame is known (a GIF's rate) is
    /// named as the spec's key; given beside the spec, as the option.
    @Test func aRateTheOutputRefusesLaterIsTheSpecs() throws {
        let workspace = try workspace()
        try workspace.write("show.yaml", Array("fps: 60\nhold: 0.1\nduration: 0.2\nslides: [a.png, b.png]\n".utf8))
        let fromSpec = try workspace.run("slideshow", "--spec", "show.yaml", "-o", "show.gif")
        #expect(fromSpec.status == 1)
        #expect(fromSpec.errorLines == ["Error: show.yaml: key 'fps' must be at most 50 for a GIF (its delays are whole centiseconds, and browsers slow delays under 2 cs to 10 cs), got 60"])
        let beside = try workspace.run("slideshow", "--spec", "show.yaml", "-o", "show.gif", "--fps", "70")
        #expect(beside.errorLines == ["Error: --fps must be at most 50 for a GIF (its delays are whole centiseconds, and browsers slow delays under 2 cs to 10 cs), got 70"])
        #expect(!workspace.files.contains("show.gif"))
    }

    /// A spec given where the images go (the README's `--spec` forgotten) says how to give it.
    @Test func aSpecAmongTheImagesIsNamedAsASpec() throws {
        let workspace = try workspace()
        try workspace.write("show.yaml", Array("slides: [a.png, b.png]\n".utf8))
        let result = try workspace.run("slideshow", "show.yaml", "-o", "out.mp4")
        #expect(result.status != 0)
        #expect(result.errorLines == ["Error: show.yaml: a slideshow spec is given with --spec (fliptrans slideshow --spec show.yaml)"])
        #expect(!workspace.files.contains("out.mp4"))
    }

    @Test(arguments: [
        ("slides:\n  - a.png\n  - image: b.png\n    tranistion: page\n", "slide 2: unknown key 'tranistion'. Did you mean 'transition'?"),
        // A slip for a slide's own key is named like a slip for an option.
        ("output: x.mp4\nslides:\n  - image: a.png\n    captoin: Hi\n", "slide 1: unknown key 'captoin'. Did you mean 'caption'?"),
        ("output: x.mp4\nwobble: 3\nslides: [a.png]\n", "unknown key 'wobble'"),
        // A key with an accent is no option's name, but a slip for one all the same.
        ("output: x.mp4\ntransítion: page\nslides: [a.png]\n", "unknown key 'transítion'. Did you mean 'transition'?"),
        ("output: x.mp4\nslides:\n  - image: a.png\n    duration: -2\n", "slide 1: key 'duration' must be more than 0 and at most 3600 seconds, got -2"),
        ("output: x.mp4\nslides:\n  - image: a.png\n    pullback: 9\n", "slide 1: key 'pullback' must be more than 0 and at most 4, got 9"),
        ("output: x.mp4\nslides:\n  - image: a.png\n    fold: true\n    transition: page\n", "slide 1: conflicting transitions"),
        ("output: x.mp4\nslides:\n  - image: a.png\n    fps: 12\n", "slide 1: 'fps' is set once, for the whole slideshow"),
        // Settings of the whole show under a slide (they were "an option of 'fliptrans render'").
        ("output: x.mp4\nslides:\n  - image: a.png\n    size: 64x48\n", "slide 1: 'size' is set once, for the whole slideshow"),
        ("output: x.mp4\nslides:\n  - image: a.png\n    audio: song.mp3\n", "slide 1: 'audio' is set once, for the whole slideshow"),
        ("output: x.mp4\ncaption: Hi\nslides: [a.png]\n", "show.yaml: 'caption' is a slide's key; give it to a slide in 'slides'"),
        ("output: x.mp4\nfps: true\nslides: [a.png]\n", "show.yaml: key 'fps' takes a value, not true"),
        // A stagger with no board on any slide does nothing.
        ("output: x.mp4\nstagger: 0.05\nslides: [a.png, b.png]\n", "show.yaml: key 'stagger' is used only with a board of tiles: give 'tiles' COLSxROWS, or leave it out"),
        ("output: x.mp4\nfps: 500\nslides: [a.png]\n", "show.yaml: key 'fps' must be between 1 and 240, got 500"),
        ("output: x.mp4\nfps: fast\nslides: [a.png]\n", "show.yaml: key 'fps' must be a frame rate: a whole number"),
        ("output: x.mp4\nslides: []\n", "'slides' must be a non-empty list"),
        ("output: x.mp4\nslides:\n  - hold: 2\n", "slide 1: a slide is an image path"),
        ("[1, 2", "not valid YAML or JSON"),
        // A value the option parser cannot read is worded as the key, as other refusals are (it
        // read "The value 'abc' is invalid for 'shadow <strength>': it takes a number").
        ("output: x.mp4\nslides: [a.png]\nshadow: abc\n", "show.yaml: key 'shadow' takes a number, got 'abc'"),
        ("output: x.mp4\nslides: [a.png]\nshadow: 0x1\n", "show.yaml: key 'shadow' takes a number, got '0x1'"),
        ("output: x.mp4\nslides: [a.png]\ntiming: cubic-bezier(0x0.8p0, 0, 0.5, 1)\n", "show.yaml: key 'timing' must be"),
        ("output: x.mp4\nslides: [a.png]\ndirection: upp\n", "show.yaml: key 'direction' must be one of left, right, up, down, got 'upp' (did you mean 'up'?)"),
        ("output: x.mp4\nslides: [a.png]\nduration: 1,5\n", "show.yaml: key 'duration' takes a number, got '1,5' (write decimals with a point: 1.5)"),
        ("output: x.mp4\nslides: [a.png]\nhold:\n", "show.yaml: key 'hold' has no value"),
        ("output: x.mp4\nspec: other.yaml\nslides: [a.png, b.png]\n", "show.yaml: key 'spec' names a spec, which a spec cannot"),
        ("output: x.mp4\nloop: 1\nslides: [a.png, b.png]\n", "show.yaml: key 'loop' takes true or false, not the number 1"),
        // The show's value that a slide's own transition refuses is the slide's.
        ("output: x.mp4\ndirection: left\nslides:\n  - a.png\n  - image: b.png\n    transition: clock\n",
         "show.yaml: slide 2: key 'direction' must be one of down, up for clock, got left"),
        // A value the slide did not give is the show's (it was blamed on slide 2, which has none).
        ("output: x.mp4\nshadow: 9\nslides:\n  - image: a.png\n    shadow: 1\n  - b.png\n", "show.yaml: key 'shadow' must be between 0 and 4, got 9"),
        ("output: x.mp4\ntransition: wobble\nslides: [a.png, b.png]\n", "show.yaml: unknown transition 'wobble'"),
        // A string YAML leaves as it is goes to the number's reading, which takes only decimals.
        ("output: x.mp4\nslides:\n  - image: a.png\n    hold: \"0x10\"\n", "show.yaml: slide 1: key 'hold' takes a number, got '0x10'"),
    ])
    func specErrorsNameTheKeyAndSlide(spec: String, mentions: String) throws {
        let workspace = try workspace()
        try workspace.write("show.yaml", Array(spec.utf8))
        let result = try workspace.run("slideshow", "--spec", "show.yaml", "-o", "out.mp4")
        #expect(result.status != 0)
        #expect(result.errorLines.count == 1)
        #expect(result.stderr.contains("show.yaml"), "\(result.stderr)")
        #expect(result.stderr.contains(mentions), "\(result.stderr)")
        #expect(!workspace.files.contains("out.mp4"))
    }

    /// A spec's top-level keys for a short show of five frames, each a PNG.
    static let shortShow = "hold: 0\nduration: 0.5\nfps: 10\nsize: 64x48\n"

    /// The frames (PNG bytes, in order) of `spec` rendered into the folder `name`.
    func specFrames(_ spec: String, _ name: String, in workspace: Workspace) throws -> [Data] {
        try FileManager.default.createDirectory(atPath: workspace.path(name), withIntermediateDirectories: false)
        try workspace.write("\(name).yaml", Array(spec.utf8))
        let result = try workspace.run("slideshow", "--spec", "\(name).yaml", "-o", "\(name)/f%02d.png")
        #expect(result.status == 0, "\(name): \(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: workspace.path(name)).sorted()
        return try files.map { try Data(contentsOf: URL(fileURLWithPath: workspace.path("\(name)/\($0)"))) }
    }

    /// A slide's own transition, by name or by a shorthand key, replaces the show's for that slide
    /// (they conflicted); beside `--transition cycle`, `--fold cubic` is the fold's style.
    @Test func aSlidesShorthandReplacesTheShowsTransition() throws {
        let workspace = try workspace()
        func frames(_ spec: String, _ name: String) throws -> [Data] { try specFrames(Self.shortShow + spec, name, in: workspace) }
        let shorthand = try frames("transition: page\nslides:\n  - image: a.png\n    fold: cubic\n  - b.png\n", "shorthand")
        let named = try frames("transition: fold\nfold: cubic\nslides: [a.png, b.png]\n", "named")
        let page = try frames("transition: page\nslides: [a.png, b.png]\n", "page")
        #expect(shorthand.count == 5 && shorthand == named)
        #expect(page != named)
        let cycle = try workspace.run("slideshow", "a.png", "b.png", "c.png", "-o", "cycle.mp4", "--transition", "cycle", "--fold", "cubic",
                                      "--hold", "0.1", "--duration", "0.2", "--size", "64x48")
        #expect(cycle.status == 0, "\(cycle.stderr)")
    }

    /// An option given beside the spec is the command line's, not the spec's slide's.
    @Test func anOptionBesideTheSpecIsNotTheSpecs() throws {
        let workspace = try workspace()
        try workspace.write("show.yaml", Array("size: 64x48\nslides: [a.png, b.png]\n".utf8))
        let result = try workspace.run("slideshow", "--spec", "show.yaml", "-o", "out.mp4", "--shadow", "9")
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: --shadow must be between 0 and 4, got 9"])
    }

    /// `false` turns a transition's own switch off, as `--reverse=false` does: a slide's
    /// `reverse: false` under the show's `reverse: true` was dropped, and the page turned back.
    @Test func aSlidesFalseTurnsTheShowsSwitchOff() throws {
        let workspace = try workspace()
        func frames(_ spec: String, _ name: String) throws -> [Data] { try specFrames(Self.shortShow + "page: true\n" + spec, name, in: workspace) }
        let forward = try frames("slides: [a.png, b.png]\n", "forward")
        let reversed = try frames("reverse: true\nslides: [a.png, b.png]\n", "reversed")
        let turnedOff = try frames("reverse: true\nslides:\n  - image: a.png\n    reverse: false\n  - b.png\n", "off")
        #expect(forward.count == 5 && turnedOff == forward)
        #expect(reversed != forward)
        // A slide's flip leaves the show's page switch off: it asks nothing of the flip.
        let flip = try frames("reverse: true\nslides:\n  - image: a.png\n    transition: flip\n    reverse: false\n  - b.png\n", "flip")
        #expect(flip.count == 5 && flip != forward)
    }

    /// An option a slide's transition does not take does nothing, so a spec refuses it as the
    /// command line does: a slide's own at once, the show's when it does nothing for every slide
    /// (a fold's `direction` was taken without a word).
    @Test func aSpecsOptionThatDoesNothingIsRefused() throws {
        let workspace = try workspace()
        let common = "output: show.mp4\nhold: 0.1\nduration: 0.2\nsize: 64x48\n"
        let cases = [
            ("transition: fold\ndirection: left\nslides: [a.png, b.png]\n", "Error: show.yaml: key 'direction' does not apply to fold, which has no direction; leave it out"),
            ("slides:\n  - image: a.png\n    transition: fold\n    direction: left\n  - b.png\n",
             "Error: show.yaml: slide 1: key 'direction' does not apply to fold, which has no direction; leave it out"),
            ("transition: page\npullback: 0.5\nslides: [a.png, b.png]\n",
             "Error: show.yaml: key 'pullback' is an option of flip, not of page; leave it out or choose 'transition: flip'"),
        ]
        for (spec, error) in cases {
            try workspace.write("show.yaml", Array((common + spec).utf8))
            let result = try workspace.run("slideshow", "--spec", "show.yaml")
            #expect(result.status == 1 && result.errorLines == [error], "\(spec)")
        }
        // The show's option serves the slides whose transition takes it.
        try workspace.write("show.yaml", Array((common + "direction: up\nslides:\n  - image: a.png\n    transition: fold\n  - b.png\n  - c.png\n").utf8))
        #expect(try workspace.run("slideshow", "--spec", "show.yaml").status == 0)
    }

    @Test func jsonSpecsWorkToo() throws {
        let workspace = try workspace()
        try workspace.write("show.json", Array(#"{"fps": 10, "hold": 0.2, "duration": 0.3, "slides": ["a.png", {"image": "b.png"}]}"#.utf8))
        let result = try workspace.run("slideshow", "--spec", "show.json", "-o", "show.mp4")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try ProbedVideo(path: workspace.path("show.mp4")).frames == 2 + 3 + 2)
    }
}

/// How each fit mode places an image of another aspect ratio, checked on exact PNG stills.
struct FitModeCommandTests {
    /// A 160×120 input in a 320×120 frame: contain leaves 80-pixel bars at each side.
    func still(_ fit: String) throws -> Image {
        let workspace = try Workspace()
        let result = try workspace.run("still", "a.png", "b.png", "--at", "0", "-o", "f.png", "--size", "320x120",
                                       "--fit", fit, "--background", "#ff00ff")
        #expect(result.status == 0, "\(result.stderr)")
        return try ImageDecoder.decode(contentsOf: workspace.path("f.png"))
    }

    @Test func containPadsWithTheBackground() throws {
        let frame = try still("contain")
        #expect(frame.pixel(x: 10, y: 60) == (255, 0, 255, 255))
        #expect(frame.pixel(x: 310, y: 60) == (255, 0, 255, 255))
        #expect(frame.pixel(x: 80, y: 60) == Workspace.pattern(160, 120, tint: 0).pixel(x: 0, y: 60))
    }

    @Test func coverCropsWithoutBars() throws {
        let frame = try still("cover")
        // Scaled by 2 and cropped to the middle rows: row 60 is the image's row 60, and the
        // pattern's red channel runs 40…199 across the whole width, as when stretched.
        #expect(abs(Int(frame.pixel(x: 0, y: 60).r) - 40) <= 2 && abs(Int(frame.pixel(x: 319, y: 60).r) - 199) <= 2)
        #expect(frame.pixel(x: 160, y: 0) != (255, 0, 255, 255) && frame.pixel(x: 160, y: 119) != (255, 0, 255, 255))
    }

    @Test func stretchFillsTheFrame() throws {
        let frame = try still("stretch")
        // The pattern's red channel runs 40…199 left to right; stretched, it spans the whole width.
        #expect(abs(Int(frame.pixel(x: 0, y: 60).r) - 40) <= 2 && abs(Int(frame.pixel(x: 319, y: 60).r) - 199) <= 2)
    }

    @Test func blurFillsTheBarsWithTheImageBlurred() throws {
        let frame = try still("blur")
        let side = frame.pixel(x: 10, y: 60)
        #expect(side != (255, 0, 255, 255))
        // The bars show the image's colours (blue channel 200 in the input), softened.
        #expect(abs(Int(side.b) - 200) <= 8)
        #expect(frame.pixel(x: 80, y: 60) == Workspace.pattern(160, 120, tint: 0).pixel(x: 0, y: 60))
    }
}
