import Foundation
import Testing

/// A mistyped option or transition: a usage error (status 2) whose line names the likeliest
/// meaning, from the command's options and the transitions' own vocabulary, and whose second
/// line says where to look; nothing written.
struct SuggestionTests {
    @Test(arguments: [
        // The transitions' names, options and words, which swift-argument-parser never sees.
        (["--flipp"], "Unknown option '--flipp'. Did you mean '--flip'?"),
        (["--pge"], "Unknown option '--pge'. Did you mean '--page'?"),
        // A transition's name with a value, which it does not take.
        (["--flip=up"], "'--flip' takes no value: it chooses the flip; give its options on their own (fliptrans transitions lists them)"),
        (["--pullbak", "0.9"], "Unknown option '--pullbak'. Did you mean '--pullback'?"),
        (["--cubic"], "Unknown option '--cubic'. Did you mean '--fold cubic'?"),
        (["--horizontal"], "Unknown option '--horizontal'. Did you mean '--orientation horizontal'?"),
        (["--up"], "Unknown option '--up'. Did you mean '--direction up'?"),
        (["--vertcal"], "Unknown option '--vertcal'. Did you mean '--orientation vertical'?"),
        // The command's own options: a slip, and a start.
        (["--tming", "linear"], "Unknown option '--tming'. Did you mean '--timing'?"),
        (["--dur", "2"], "Unknown option '--dur'. Did you mean '--duration'?"),
        // Nothing close: no guess.
        (["--bogus-option"], "Unknown option '--bogus-option'"),
        // Other tools' names for options this one has, which no spelling reaches.
        (["--framerate", "30"], "Unknown option '--framerate'. Did you mean '--fps'?"),
        (["--loops", "2"], "Unknown option '--loops'. Did you mean '--loop-count'?"),
        (["--bg", "red"], "Unknown option '--bg'. Did you mean '--background'?"),
        (["--resolution", "640x360"], "Unknown option '--resolution'. Did you mean '--size'?"),
        (["--easing", "ease"], "Unknown option '--easing'. Did you mean '--timing'?"),
        (["--width", "640"], "Unknown option '--width'. Did you mean '--size'?"),
        (["--quality", "20"], "Unknown option '--quality'. Did you mean '--crf'?"),
        (["--colors", "64"], "Unknown option '--colors'. Did you mean '--gif-colors'?"),
        (["--dither", "none"], "Unknown option '--dither'. Did you mean '--gif-dither'?"),
        (["--slide-duration", "3"], "Unknown option '--slide-duration'. Did you mean '--hold'?"),
        // ffmpeg's one-letter options; others get no guess.
        (["-r", "30"], "Unknown option '-r'. Did you mean '--fps'?"),
        (["-s", "640x360"], "Unknown option '-s'. Did you mean '--size'?"),
        (["-x"], "Unknown option '-x'"),
        // An unquoted `--background #ffffff`: the shell dropped the colour.
        (["--background"], "Missing value for '--background <colour>': quote a colour that starts with # ('#ffffff'), as the shell reads an unquoted # as the start of a comment"),
        // Another command's option, and this one's under another name.
        (["--loop"], "Unknown option '--loop': it is an option of 'fliptrans slideshow'; here, did you mean '--loop-count'?"),
        // A value of fixed words: the nearest, or another tool's name for it.
        (["--direction", "upp"], "The value 'upp' is invalid for '--direction <direction>'. Please provide one of 'left', 'right', 'up' or 'down'. Did you mean 'up'?"),
        (["--fit", "coverr"], "The value 'coverr' is invalid for '--fit <fit>'. Please provide one of 'contain', 'cover', 'stretch' or 'blur'. Did you mean 'cover'?"),
        (["--codec", "h265"], "The value 'h265' is invalid for '--codec <name>'. Please provide one of 'h264', 'hevc', 'av1', 'vp9' or 'prores'. Did you mean 'hevc'?"),
        (["--codec", "x264"], "The value 'x264' is invalid for '--codec <name>'. Please provide one of 'h264', 'hevc', 'av1', 'vp9' or 'prores'. Did you mean 'h264'?"),
        // More images than the video command takes.
        (["a.png"], "Unexpected argument 'a.png': two images make a transition; more make a slideshow (fliptrans slideshow IMAGE… -o OUT)"),
        // A stray value is no image: no hint.
        (["--hold", "1", "2"], "Unexpected argument '2'"),
        // A switch written with a value, as settings files spell it.
        (["--allow-damaged", "yes"], "--allow-damaged is a switch and takes no value ('yes'): give --allow-damaged to turn it on, --no-allow-damaged to turn it off"),
        (["--no-lossless", "FALSE"], "--no-lossless is a switch and takes no value ('FALSE'): give --lossless to turn it on, --no-lossless to turn it off"),
        (["-q", "--quiet", "off"], "--quiet is a switch and takes no value ('off'): give --quiet to turn it on, leave it out to keep it off"),
    ])
    func aMistypedOptionSuggestsTheClosest(extra: [String], message: String) throws {
        let workspace = try Workspace()
        let result = try workspace.run(["a.png", "b.png", "-o", "out.mp4"] + extra)
        #expect(result.status == 2)
        #expect(result.errorLines == ["Error: \(message)", "See 'fliptrans render --help' for more information."])
        #expect(workspace.files == ["a.png", "b.png"])
    }

    /// A WebP's quality is `--webp-quality`: `--crf`, suggested for a video, is refused for it.
    @Test func qualityForAWebPIsItsOwnOption() throws {
        let workspace = try Workspace()
        for output in [["-o", "out.webp"], ["--output=out.webp"]] {
            let result = try workspace.run(["a.png", "b.png"] + output + ["--quality", "20"])
            #expect(result.status == 2)
            #expect(result.errorLines.first == "Error: Unknown option '--quality'. Did you mean '--webp-quality'?")
        }
    }

    /// A slip in a shorthand's word (`--fold cubc`) was taken for an image ("Unexpected argument
    /// 'b.png'"); a transition's option without its value exited 1 without the help's line; a
    /// slideshow's mistyped `cycle` had no suggestion, from a list without it.
    @Test(arguments: [
        (["--fold", "cubc", "a.png", "b.png", "-o", "out.mp4"], "--fold must be one of normal, cubic, got 'cubc'"),
        (["a.png", "b.png", "-o", "out.mp4", "--fold", "cubc"], "--fold must be one of normal, cubic, got 'cubc'"),
        (["a.png", "b.png", "-o", "out.mp4", "--pullback"], "Missing value for '--pullback <k>'"),
        (["slideshow", "a.png", "b.png", "-o", "out.mp4", "--transition", "cycel"],
         "unknown transition 'cycel'; did you mean 'cycle'? (available: flip, page, fold, clock, cards, cycle)"),
    ])
    func aTransitionsWordsAreUsageErrors(arguments: [String], message: String) throws {
        let workspace = try Workspace()
        let result = try workspace.run(arguments)
        #expect(result.status == 2)
        #expect(result.errorLines == ["Error: \(message)", "See 'fliptrans transitions' for every transition, its styles and options."])
        #expect(workspace.files == ["a.png", "b.png"])
    }

    /// A shorthand's word is read in any case, as the fold's style; so are a transition's name
    /// and every option's words (`--direction UP` was refused beside `--fold CUBIC`), in a spec too.
    @Test func wordsInAnyCase() throws {
        let workspace = try Workspace()
        let still = ["still", "a.png", "b.png", "--at", "0.4", "--size", "96x64"]
        for (upper, lower) in [(["--fold", "Cubic"], ["--fold", "cubic"]), (["--size", "96×64"], ["--size", "96x64"]),
                               (["--transition", "PAGE", "--direction", "UP", "--fit", "Cover"], ["--transition", "page", "--direction", "up", "--fit", "cover"]),
                               // A transition's own words, a board's order: they were refused.
                               (["--fold", "normal", "--orientation", "HORIZONTAL", "--tiles", "2x2", "--stagger", "0.2", "--stagger-order", "COLUMN"],
                                ["--fold", "normal", "--orientation", "horizontal", "--tiles", "2x2", "--stagger", "0.2", "--stagger-order", "column"])] {
            let given = try workspace.run(still + ["-o", "upper.png"] + upper)
            #expect(given.status == 0, "\(given.stderr)")
            _ = try workspace.run(still + ["-o", "lower.png"] + lower)
            #expect(try Data(contentsOf: workspace.url.appendingPathComponent("upper.png")) == Data(contentsOf: workspace.url.appendingPathComponent("lower.png")))
        }
        // The encoders' words, and 'source' for the size.
        for options in [["-o", "clip.gif", "--gif-dither", "BAYER"], ["-o", "clip.mp4", "--preset", "UltraFast"]] {
            let given = try workspace.run(["a.png", "b.png", "--size", "SOURCE", "--duration", "0.2", "--fps", "10"] + options)
            #expect(given.status == 0, "\(given.stderr)")
        }
        try workspace.write("show.yaml", Array("slides: [a.png, b.png]\ntransition: Clock\ndirection: UP\ncodec: H264\nhold: 0.1\nduration: 0.2\nfps: 10\n".utf8))
        let show = try workspace.run("slideshow", "--spec", "show.yaml", "-o", "show.mp4")
        #expect(show.status == 0, "\(show.stderr)")
        #expect(try ProbedVideo(path: workspace.path("show.mp4")).frames == 4)
    }

    /// Each command suggests from its own options; only those that render a transition know
    /// the transitions' words.
    @Test func eachCommandSuggestsItsOwnOptions() throws {
        let workspace = try Workspace()
        let sheet = try workspace.run("sheet", "a.png", "b.png", "-o", "s.png", "--frame", "3")
        #expect(sheet.status == 2)
        #expect(sheet.errorLines == ["Error: Unknown option '--frame'. Did you mean '--frames'?", "See 'fliptrans sheet --help' for more information."])
        let slideshow = try workspace.run("slideshow", "a.png", "b.png", "-o", "s.mp4", "--fol")
        #expect(slideshow.status == 2)
        #expect(slideshow.errorLines == ["Error: Unknown option '--fol'. Did you mean '--fold'?", "See 'fliptrans slideshow --help' for more information."])
        let batch = try workspace.run("batch", "jobs.jsonl", "--flip")
        #expect(batch.status == 2)
        #expect(batch.errorLines == ["Error: Unknown option '--flip'", "See 'fliptrans batch --help' for more information."])
        // A transition's word must be nearly exact: `--format` is two edits from `normal`.
        let still = try workspace.run("still", "a.png", "b.png", "--at", "0.5", "-o", "s.png", "--format", "png")
        #expect(still.status == 2)
        #expect(still.errorLines == ["Error: Unknown option '--format': it is an option of 'fliptrans render'", "See 'fliptrans still --help' for more information."])
        #expect(workspace.files == ["a.png", "b.png"])
    }

    @Test(arguments: [
        ("flipp", "unknown transition 'flipp'; did you mean 'flip'? (available: flip, page, fold, clock, cards)"),
        // Read whatever its case, so said in lower case.
        ("Pgae", "unknown transition 'pgae'; did you mean 'page'? (available: flip, page, fold, clock, cards)"),
        ("wobble", "unknown transition 'wobble' (available: flip, page, fold, clock, cards)"),
        ("flip\npage", #"unknown transition 'flip\npage' (available: flip, page, fold, clock, cards)"#),
        // The names `fliptrans transitions` lists as styles.
        ("page-left-reverse", "unknown transition 'page-left-reverse' (available: flip, page, fold, clock, cards); 'page-left-reverse' is a style of page: --transition page --direction left --reverse"),
        ("fold-cubic-horizontal-unfold", "unknown transition 'fold-cubic-horizontal-unfold' (available: flip, page, fold, clock, cards); 'fold-cubic-horizontal-unfold' is a style of fold: --transition fold --fold cubic --orientation horizontal --unfold"),
    ])
    func anUnknownTransitionIsAUsageError(name: String, message: String) throws {
        let workspace = try Workspace()
        // A missing input: the name is refused before any input is read.
        let result = try workspace.run("missing.png", "b.png", "-o", "out.mp4", "--transition", name)
        #expect(result.status == 2)
        #expect(result.errorLines == ["Error: \(message)", "See 'fliptrans transitions' for every transition, its styles and options."])
        #expect(workspace.files == ["a.png", "b.png"])
    }

    /// A style's name in a spec or a job file is answered with the keys that choose it.
    @Test func aStylesNameInAFileGetsItsKeys() throws {
        let workspace = try Workspace()
        try workspace.write("show.yaml", Array("transition: flip-up\nslides: [a.png, b.png]\n".utf8))
        let show = try workspace.run("slideshow", "--spec", "show.yaml", "-o", "show.mp4")
        #expect(show.status == 1)
        #expect(show.errorLines == ["Error: show.yaml: unknown transition 'flip-up' (available: flip, page, fold, clock, cards, cycle); 'flip-up' is a style of flip: transition: flip, direction: up"])
        try workspace.write("jobs.jsonl", Array((#"{"images": ["a.png", "b.png"], "output": "one.mp4", "transition": "page-down-reverse"}"# + "\n").utf8))
        let batch = try workspace.run("batch", "jobs.jsonl")
        #expect(batch.errorLines.first == "Error: jobs.jsonl: line 1: unknown transition 'page-down-reverse' (available: flip, page, fold, clock, cards); 'page-down-reverse' is a style of page: transition: page, direction: down, reverse: true")
        #expect(workspace.files == ["a.png", "b.png", "jobs.jsonl", "show.yaml"])
    }

    /// Another tool's spec (editly's JSON) is told every key it does not know, its lists and
    /// mappings among them, beside the missing slides; a slip of a key's name, what it meant.
    @Test func anotherToolsSpecIsToldEveryKeyItDoesNotKnow() throws {
        let workspace = try Workspace()
        try workspace.write("e.json", Array(#"{"outPath": "o.mp4", "width": 640, "clips": [{"layers": [{"type": "image", "path": "a.png"}]}]}"#.utf8))
        let result = try workspace.run("slideshow", "--spec", "e.json")
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: e.json: unknown key 'clips'", "Error: e.json: unknown key 'outPath'. Did you mean 'output'?",
                                      "Error: e.json: unknown key 'width'. Did you mean 'size'?", "Error: e.json: 'slides' must be a non-empty list of images"])
        try workspace.write("f.json", Array(#"{"slides": ["a.png", "b.png"], "output": "o.mp4", "hold": [1, 2]}"#.utf8))
        let wrongKind = try workspace.run("slideshow", "--spec", "f.json")
        #expect(wrongKind.status == 1 && wrongKind.errorLines == ["Error: f.json: key 'hold' must be a number, text, true or false, not a list"])
        // A switch given text was told, in the parser's words, that "the option does not take any value".
        try workspace.write("h.json", Array(#"{"slides": ["a.png", "b.png"], "output": "o.mp4", "loop": "true"}"#.utf8))
        let quotedSwitch = try workspace.run("slideshow", "--spec", "h.json")
        #expect(quotedSwitch.status == 1 && quotedSwitch.errorLines == ["Error: h.json: key 'loop' takes true or false, not the text 'true' (write true without quotes)"])
        try workspace.write("jobs.jsonl", Array(#"{"images": ["a.png", "b.png"], "output": "o.mp4", "fold": "cubic", "unfold": "please"}"#.utf8))
        let job = try workspace.run("batch", "jobs.jsonl")
        #expect(job.status == 2 && job.errorLines.first == "Error: jobs.jsonl: line 1: key 'unfold' takes true or false, not the text 'please'")
        // A list under a slip of a key's name is told what it meant, as any other value is.
        try workspace.write("g.yaml", Array("slide:\n  - a.png\n  - b.png\ntransitons: [flip]\n".utf8))
        let slip = try workspace.run("slideshow", "--spec", "g.yaml", "-o", "g.mp4")
        #expect(slip.status == 1 && slip.errorLines == ["Error: g.yaml: unknown key 'slide'. Did you mean 'slides'?",
                                                        "Error: g.yaml: unknown key 'transitons'. Did you mean 'transition'?",
                                                        "Error: g.yaml: 'slides' must be a non-empty list of images"])
        #expect(workspace.files == ["a.png", "b.png", "e.json", "f.json", "g.yaml", "h.json", "jobs.jsonl"])
    }

    /// A huge unknown key is refused at once (the parser's guess at what it meant took 9 s for
    /// a megabyte's), and a huge value is quoted shortened, the line kept to a line.
    @Test func hugeKeysAndValuesAreRefusedAtOnceOnOneShortLine() throws {
        let workspace = try Workspace()
        let lines = [#"{"images": ["a.png", "b.png"], "output": "one.mp4", "\#(String(repeating: "k", count: 200_000))": 1}"#,
                     #"{"images": ["a.png", "b.png"], "output": "two.mp4", "transition": "\#(String(repeating: "f", count: 100_000))"}"#]
        try workspace.write("jobs.jsonl", Array(lines.joined(separator: "\n").utf8))
        let result = try workspace.run("batch", "jobs.jsonl")
        #expect(result.status == 2)
        #expect(result.errorLines.count == 3 && result.errorLines.allSatisfy { $0.count <= 8 * 600 }, "\(result.stderr.prefix(2000))")
        #expect(result.errorLines.first?.hasPrefix("Error: jobs.jsonl: line 1: unknown key 'kkkk") == true)
        #expect(result.errorLines.dropFirst().first?.hasPrefix("Error: jobs.jsonl: line 2: unknown transition 'ffff") == true)
        #expect(result.errorLines.allSatisfy { !$0.hasPrefix("Error") || $0.contains(" characters)… ") })
    }

    /// Hex digits without their `#` get it back, on the command line and in a spec.
    @Test func aColourWithoutItsHashIsSuggestedWithIt() throws {
        let workspace = try Workspace()
        let result = try workspace.run("a.png", "b.png", "-o", "out.mp4", "--background", "1e1e1e")
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: --background '1e1e1e' is not a colour; use #rgb, #rgba, #rrggbb, #rrggbbaa, rgb(), hsl(), a CSS colour name (navy, lightgrey) or transparent; did you mean '#1e1e1e'? (quote it: the shell reads an unquoted # as the start of a comment)"])
        try workspace.write("show.yaml", Array("slides:\n  - title: Hi\n    color: fff\n".utf8))
        let spec = try workspace.run("slideshow", "--spec", "show.yaml", "-o", "show.mp4")
        #expect(spec.errorLines.first?.hasSuffix("slide 1: key 'color' 'fff' is not a colour; use #rgb, #rgba, #rrggbb, #rrggbbaa, rgb(), hsl(), a CSS colour name (navy, lightgrey) or transparent; did you mean '#fff'?") == true, "\(spec.stderr)")
        try workspace.write("jobs.jsonl", Array(#"{"images": ["a.png", "b.png"], "output": "one.mp4", "background": "ffffff"}"#.utf8 + [10]))
        let job = try workspace.run("batch", "jobs.jsonl")
        #expect(job.errorLines.first == "Error: jobs.jsonl: line 1: key 'background' 'ffffff' is not a colour; use #rgb, #rgba, #rrggbb, #rrggbbaa, rgb(), hsl(), a CSS colour name (navy, lightgrey) or transparent; did you mean '#ffffff'?", "\(job.stderr)")
        #expect(workspace.files == ["a.png", "b.png", "show.yaml", "jobs.jsonl"])
    }

    /// A misspelt colour name gets the closest of CSS's names.
    @Test func aMisspeltColourNameIsSuggested() throws {
        let workspace = try Workspace()
        let result = try workspace.run("a.png", "b.png", "-o", "out.mp4", "--background", "ligthgrey")
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: --background 'ligthgrey' is not a colour; use #rgb, #rgba, #rrggbb, #rrggbbaa, rgb(), hsl(), a CSS colour name (navy, lightgrey) or transparent; did you mean 'lightgrey'?"])
        let clear = try workspace.run("a.png", "b.png", "-o", "out.webm", "--background", "transparant")
        #expect(clear.errorLines.first?.hasSuffix("did you mean 'transparent'?") == true, "\(clear.stderr)")
        #expect(workspace.files == ["a.png", "b.png"])
    }

    /// A mistyped command's name, which the video command takes for an image it cannot place.
    @Test func aMistypedCommandSuggestsTheCommand() throws {
        let workspace = try Workspace()
        let result = try workspace.run("stil", "a.png", "b.png", "--at", "0.5", "-o", "f.png")
        #expect(result.status == 2)
        #expect(result.errorLines == ["Error: Unknown command 'stil'. Did you mean 'still'?", "See 'fliptrans --help' for the commands."])
        // An existing file of that name is an image: the parser's own message stands.
        try workspace.write("stil", [])
        let file = try workspace.run("stil", "a.png", "b.png", "--at", "0.5", "-o", "f.png")
        #expect(file.status == 2 && file.errorLines.first == "Error: Unknown option '--at': it is an option of 'fliptrans still'", "\(file.stderr)")
        #expect(workspace.files == ["a.png", "b.png", "stil"])
    }

    /// `help` with a topic that is no command: the parser showed the top-level help (or the
    /// help of the topics it found), exit 0.
    @Test(arguments: [
        ("stil", "Unknown command 'stil'. Did you mean 'still'?"),
        ("zzz", "Unknown command 'zzz'. The commands are render, still, sheet, transitions, slideshow, batch."),
        ("still stil", "Unknown command 'still stil': 'still' has no commands of its own."),
    ])
    func helpForAnUnknownCommandSaysSo(topic: String, message: String) throws {
        let workspace = try Workspace()
        let result = try workspace.run(["help"] + topic.split(separator: " ").map(String.init))
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.errorLines == ["Error: \(message)", "See 'fliptrans --help' for the commands."])
        let known = try workspace.run("help", "still")
        #expect(known.status == 0 && known.stdout.hasPrefix("OVERVIEW: Write the single frame"), "\(known.stdout.prefix(80))")
    }

    /// The default command named, with an unknown option: the option is what is wrong (it said
    /// "Unknown command 'render'. Did you mean 'render'?"); an option of another command says which.
    @Test func theDefaultCommandNamedGetsTheOptionsSuggestion() throws {
        let workspace = try Workspace()
        let slip = try workspace.run("render", "a.png", "b.png", "-o", "out.mp4", "--pge")
        #expect(slip.status == 2)
        #expect(slip.errorLines.first == "Error: Unknown option '--pge'. Did you mean '--page'?", "\(slip.stderr)")
        let music = try workspace.run("render", "a.png", "b.png", "-o", "out.mp4", "--audio", "song.mp3")
        #expect(music.errorLines.first == "Error: Unknown option '--audio': it is an option of 'fliptrans slideshow'", "\(music.stderr)")
        // Another command's option wins over a near spelling of this one's (--hold, not --fold).
        let hold = try workspace.run("sheet", "a.png", "b.png", "-o", "s.png", "--hold", "1")
        #expect(hold.errorLines.first == "Error: Unknown option '--hold': it is an option of 'fliptrans render'", "\(hold.stderr)")
        #expect(workspace.files == ["a.png", "b.png"])
    }

    /// Specs and job lines get the same guesses, in their own words, with their places.
    @Test func filesGetTheSameSuggestions() throws {
        let workspace = try Workspace()
        try workspace.write("show.yaml", Array("output: show.mp4\npullbak: 0.9\nslides: [a.png, b.png]\n".utf8))
        let spec = try workspace.run("slideshow", "--spec", "show.yaml")
        #expect(spec.status == 1)
        #expect(spec.errorLines == ["Error: show.yaml: unknown key 'pullbak'. Did you mean 'pullback'?"])
        try workspace.write("slides.yaml", Array("output: show.mp4\nslides: [a.png, {image: b.png, transition: pgae}]\n".utf8))
        let slide = try workspace.run("slideshow", "--spec", "slides.yaml")
        #expect(slide.status == 1)
        #expect(slide.errorLines == ["Error: slides.yaml: slide 2: unknown transition 'pgae'; did you mean 'page'? (available: flip, page, fold, clock, cards, cycle)"])
        try workspace.write("jobs.jsonl", Array(#"{"images": ["a.png", "b.png"], "output": "o.mp4", "transiton": "page"}"#.utf8 + [10]))
        let batch = try workspace.run("batch", "jobs.jsonl")
        #expect(batch.status == 2)
        #expect(batch.errorLines == ["Error: jobs.jsonl: line 1: unknown key 'transiton'. Did you mean 'transition'?",
                                    "batch: 1 bad job line; nothing rendered"])
        #expect(workspace.files == ["a.png", "b.png", "show.yaml", "slides.yaml", "jobs.jsonl"])
    }

    /// A slideshow spec given to `batch` is told what it is and how to run it, in one line
    /// rather than one per line of YAML.
    @Test func aSpecGivenToBatchIsToldWhatItIs() throws {
        let workspace = try Workspace()
        try workspace.write("show.yaml", Array("output: show.mp4\nfps: 10\nslides:\n  - a.png\n  - b.png\n".utf8))
        let result = try workspace.run("batch", "show.yaml")
        #expect(result.status == 2)
        #expect(result.errorLines == [#"Error: show.yaml: this is a slideshow spec (its lines are YAML, with 'slides'), not a job file of JSON lines; run it with 'fliptrans slideshow --spec show.yaml', or name it in a job line: {"spec": "show.yaml", "output": "show.mp4"}"#],
                "\(result.stderr)")
        // Read from standard input, it cannot be named in a line.
        let piped = try Fliptrans.runShell(#"printf 'slides: [a.png, b.png]\n' | "$FLIPTRANS" batch -"#, in: workspace.url)
        #expect(piped.errorLines == ["Error: stdin: this is a slideshow spec (its lines are YAML, with 'slides'), not a job file of JSON lines; run it with 'fliptrans slideshow --spec -'"],
                "\(piped.stderr)")
        #expect(workspace.files == ["a.png", "b.png", "show.yaml"])
    }

    /// One picture from the video command: the line says which command writes one.
    @Test func aStillOutputFromTheVideoCommandNamesStill() throws {
        let workspace = try Workspace()
        let result = try workspace.run("a.png", "b.png", "-o", "frame.png")
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: frame.png: one picture is one frame: write it with 'fliptrans still a.png b.png --at 0.5 -o frame.png'; for every frame give a pattern such as 'frames/f%04d.png', or write .apng, .webp or .gif for one animated file"])
        #expect(workspace.files == ["a.png", "b.png"])
        // An input as the output is refused as such: the line suggested a still that refused it.
        let overInput = try workspace.run("a.png", "b.png", "-o", "b.png")
        #expect(overInput.status == 1)
        #expect(overInput.errorLines == ["Error: b.png: output is the same file as input 'b.png'; refusing to overwrite an input"])
        // In a batch, whose folders are made as jobs run, a folder not there yet is no reason.
        try workspace.write("jobs.jsonl", Array(#"{"images": ["a.png", "b.png"], "output": "new/frame.png"}"#.utf8 + [10]))
        let batch = try workspace.run("batch", "jobs.jsonl")
        #expect(batch.status == 2)
        #expect(batch.errorLines.first == "Error: jobs.jsonl: line 1: new/frame.png: one picture is one frame: write it with 'fliptrans still a.png b.png --at 0.5 -o new/frame.png'; for every frame give a pattern such as 'frames/f%04d.png', or write .apng, .webp or .gif for one animated file", "\(batch.stderr)")
        try FileManager.default.removeItem(atPath: workspace.path("jobs.jsonl"))
        // What the line says works.
        let still = try workspace.run("still", "a.png", "b.png", "--at", "0.5", "-o", "frame.png")
        #expect(still.status == 0, "\(still.stderr)")
        #expect(workspace.files.contains("frame.png"))
        // A pattern still makes a sequence; --format says what is meant.
        let sequence = try workspace.run("a.png", "b.png", "-o", "f%02d.png", "--duration", "0.1")
        #expect(sequence.status == 0, "\(sequence.stderr)")
        #expect(workspace.files.isSuperset(of: ["f01.png", "f03.png"]))
    }

    /// A folder given to the video command is pointed to the slideshow; a timing's name slipped
    /// is named.
    @Test func aFolderOrASlippedTimingNameIsPointedToWhatWasMeant() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("photos"), withIntermediateDirectories: false)
        let folder = try workspace.run("photos", "-o", "out.mp4")
        #expect(folder.status == 2)
        #expect(folder.errorLines.first == "Error: Missing expected argument '<b>': photos is a folder; a folder's images make a slideshow (fliptrans slideshow photos -o OUT)")
        let timing = try workspace.run("a.png", "b.png", "-o", "out.mp4", "--timing", "easeinout")
        #expect(timing.status != 0)
        #expect(timing.errorLines.first?.hasSuffix(", got 'easeinout' (did you mean 'ease-in-out'?)") == true, "\(timing.stderr)")
        #expect(workspace.files == ["a.png", "b.png", "photos"])
    }

    /// `--loop false` beside a spec was taken for an image given beside the spec; an image named
    /// like the word is still an image. A spec's switch is turned off by its `--no-` form.
    @Test func aSwitchWithAValueIsRefusedAndTheSpecsSwitchTurnedOff() throws {
        let workspace = try Workspace()
        try workspace.write("show.yaml", Array("slides: [a.png, b.png]\nhold: 0.2\nduration: 0.2\nfps: 30\nloop: true\n".utf8))
        let refused = try workspace.run("slideshow", "--spec", "show.yaml", "-o", "show.mp4", "--loop", "false")
        #expect(refused.status == 2)
        #expect(refused.errorLines == ["Error: --loop is a switch and takes no value ('false'): give --loop to turn it on, --no-loop to turn it off",
                                       "See 'fliptrans slideshow --help' for more information."])
        #expect(try workspace.run("slideshow", "--spec", "show.yaml", "-o", "looped.mp4").status == 0)
        let unlooped = try workspace.run("slideshow", "--spec", "show.yaml", "-o", "show.mp4", "--no-loop")
        #expect(unlooped.status == 0, "\(unlooped.stderr)")
        // 6 + 6 + 6 frames: A held, the transition, B held; looped, 6 + 6 + 6 + 6 less the two
        // frames each end of the loop shares with the other (docs/timing.md).
        #expect(try ProbedVideo(path: workspace.path("show.mp4")).frames == 18)
        #expect(try ProbedVideo(path: workspace.path("looped.mp4")).frames == 22)
        // In a job line, `false` is the `--no-` form.
        try workspace.write("jobs.jsonl", Array(#"{"spec": "show.yaml", "output": "job.mp4", "loop": false}"#.utf8))
        #expect(try workspace.run("batch", "jobs.jsonl").status == 0)
        #expect(try ProbedVideo(path: workspace.path("job.mp4")).frames == 18)
        try FileManager.default.copyItem(atPath: workspace.path("b.png"), toPath: workspace.path("no"))
        let image = try workspace.run("a.png", "--allow-damaged", "no", "-o", "out.mp4", "--duration", "0.2", "--fps", "10")
        #expect(image.status == 0, "\(image.stderr)")
    }
}
