import FlipTransCore
import FlipTransMedia
import Foundation
import Testing

/// Gestures and timing functions through the real command: a gesture that completes ends on B and
/// one that returns on A (checked on the decoded video's last frame), touch traces in CSV and
/// JSON lines, the finger drawn where it is, specs and job lines, and one-line errors.
struct GestureCommandTests {
    /// A drag to 0.7 in 0.3 s lets go at 7/3 a second, over the minimum: the last 0.3 takes
    /// 0.129 s; 0.429 s in all is ⌈12.86⌉ + 1 = 14 frames at 30 fps. A drag to 0.3 held still
    /// returns: p = 0.3 − s + 0.2·(1 − e^(−5s)) reaches 0 at s = 0.482, ⌈32.46⌉ + 1 = 34 frames.
    static let gestures: [(script: String, completes: Bool, frames: Int)] = [
        ("0:0 0.3:0.7", true, 14),
        ("0:0 0.3:0.3 0.6:0.3", false, 34),
    ]

    @Test(arguments: ["flip", "page"], gestures)
    func theLastFrameIsBOrA(transition: String, gesture: (script: String, completes: Bool, frames: Int)) throws {
        let workspace = try Workspace()
        let result = try workspace.run("a.png", "b.png", "-o", "out.mp4", "--transition", transition, "--gesture", gesture.script)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try ProbedVideo(path: workspace.path("out.mp4")).frames == gesture.frames)
        let last = try DecodedFrames.lastFrame(of: "out.mp4", in: workspace)
        let (a, b) = (try ImageDecoder.decode(contentsOf: workspace.path("a.png")), try ImageDecoder.decode(contentsOf: workspace.path("b.png")))
        let (expected, other) = gesture.completes ? (b, a) : (a, b)
        #expect(DecodedFrames.meanDifference(last, expected) < 3, "ends on \(gesture.completes ? "B" : "A")")
        #expect(DecodedFrames.meanDifference(last, other) > 30)
    }

    /// A drag 100 pixels to the left in 0.5 s, over the default 56.25 pixels of a 160 × 120
    /// frame (150 × 120 / 320), reaches 1 at the lift: 16 frames, ending on B. Over
    /// --drag-distance 200 it lets go at 0.5 moving at 1 a second: 0.5 s more, 31 frames. A drag
    /// of 10 pixels held still returns to A.
    static let traces: [(lines: [String], options: [String], frames: Int?, completes: Bool)] = [
        (["t,x,y", "3.0,140,60", "3.5,40,60"], [], 16, true),
        (["{\"t\": 3.0, \"x\": 140, \"y\": 60}", "{\"t\": 3.5, \"x\": 40, \"y\": 60}"], [], 16, true),
        (["3.0,140,60", "3.5,40,60"], ["--drag-distance", "200"], 31, true),
        (["{\"t\": 0, \"x\": 140, \"y\": 60}", "{\"t\": 0.5, \"x\": 130, \"y\": 60}", "{\"t\": 1, \"x\": 130, \"y\": 60}"], [], nil, false),
    ]

    @Test(arguments: traces)
    func touchTracesDriveTheTransition(trace: (lines: [String], options: [String], frames: Int?, completes: Bool)) throws {
        let workspace = try Workspace()
        try workspace.write("trace.txt", Array((trace.lines.joined(separator: "\n") + "\n").utf8))
        let result = try workspace.run(["a.png", "b.png", "-o", "out.mp4", "--gesture-file", "trace.txt"] + trace.options)
        #expect(result.status == 0, "\(result.stderr)")
        if let frames = trace.frames { #expect(try ProbedVideo(path: workspace.path("out.mp4")).frames == frames) }
        let last = try DecodedFrames.lastFrame(of: "out.mp4", in: workspace)
        let end = try ImageDecoder.decode(contentsOf: workspace.path(trace.completes ? "b.png" : "a.png"))
        #expect(DecodedFrames.meanDifference(last, end) < 3)
    }

    /// A touch trace's frames are counted only once the frame's size is known, so a sequence's
    /// frames past those counted before were never checked: `f12.png` was overwritten (the trace
    /// makes 16 frames), given as an input of the render, of a show, of the job line or of
    /// another. And `--skip-existing` could not tell that such a sequence was finished.
    @Test func aTracedSequenceNeverOverwritesAnInput() throws {
        let workspace = try Workspace()
        try workspace.write("trace.csv", Array("t,x,y\n3.0,140,60\n3.5,40,60\n".utf8))
        try workspace.write("f12.png", Array(try Data(contentsOf: URL(fileURLWithPath: workspace.path("b.png")))))
        let before = try workspace.snapshot()
        let refusal = "f12.png: output is the same file as input 'f12.png'; refusing to overwrite an input"
        for command in [[], ["slideshow"]] {
            let result = try workspace.run(command + ["a.png", "f12.png", "-o", "f%02d.png", "--gesture-file", "trace.csv"])
            #expect(result.status == 1)
            #expect(result.errorLines == ["Error: \(refusal)"])
            #expect(try workspace.snapshot() == before)
        }
        try workspace.write("own.jsonl", Array(#"{"images": ["a.png", "f12.png"], "output": "f%02d.png", "gesture-file": "trace.csv"}"#.utf8))
        let own = try workspace.run("batch", "own.jsonl", "--quiet")
        #expect(own.status == 1)
        #expect(own.errorLines.first == "failed: own.jsonl: line 1: \(refusal)")
        let traced = #"{"images": ["a.png", "b.png"], "output": "f%02d.png", "gesture-file": "trace.csv"}"#
        try BatchAutomationTests.expectRefused([traced, #"{"images": ["f12.png", "b.png"], "output": "x.mp4"}"#], in: workspace, errors: [
            "Error: jobs.jsonl: line 1: output 'f%02d.png' (frame 'f12.png') is an input of line 2; refusing to overwrite an input",
            "batch: 1 bad job line; nothing rendered",
        ])

        try FileManager.default.createDirectory(atPath: workspace.path("seq"), withIntermediateDirectories: false)
        try workspace.write("seq.jsonl", Array(#"{"images": ["a.png", "b.png"], "output": "seq/f%02d.png", "gesture-file": "trace.csv"}"#.utf8))
        let first = try workspace.run("batch", "seq.jsonl", "--skip-existing")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("seq")).count == 16)
        let again = try workspace.run("batch", "seq.jsonl", "--skip-existing")
        #expect(again.errorLines.last == "batch: 0 done, 0 failed, 1 skipped")
    }

    /// The disc is drawn where the finger is: at the start, half the drag (28 pixels) right of
    /// the centre for a flip turning left; held at progress 0.5, on the centre, where the card
    /// is edge-on and the background black. Elsewhere the frame is as without it.
    @Test func showTouchesDrawsTheFingerWhereItIs() throws {
        let workspace = try Workspace()
        let gesture = ["--gesture", "0:0 0.5:0.5 1.5:0.5 1.6:0.5"]
        #expect(try workspace.run(["a.png", "b.png", "-o", "plain.mp4", "--timing", "linear"] + gesture).status == 0)
        let result = try workspace.run(["a.png", "b.png", "-o", "touches.mp4", "--timing", "linear", "--show-touches"] + gesture)
        #expect(result.status == 0, "\(result.stderr)")
        func green(_ video: String, frame: Int, _ x: Int, _ y: Int) throws -> Int {
            Int(try DecodedFrames.frame(frame, of: video, in: workspace).pixel(x: x, y: y).g)
        }
        #expect(try green("touches.mp4", frame: 0, 108, 60) - green("plain.mp4", frame: 0, 108, 60) > 25)
        #expect(abs(try green("touches.mp4", frame: 0, 30, 30) - green("plain.mp4", frame: 0, 30, 30)) < 4)
        // One second in (frame 30) the finger holds the flip edge-on, at the centre.
        #expect(try green("plain.mp4", frame: 30, 80, 60) < 10)
        #expect(try green("touches.mp4", frame: 30, 80, 60) > 60)
        #expect(try green("touches.mp4", frame: 30, 108, 60) < 10)
    }

    /// A transition that settles within the disc's 0.25 s fade ends without it: the last frame is
    /// B exactly, as without --show-touches.
    @Test func theDiscIsGoneByTheLastFrame() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("f"), withIntermediateDirectories: false)
        let result = try workspace.run("a.png", "b.png", "-o", "f/%02d.png", "--page", "--gesture", "0:0 0.5:0.95", "--show-touches")
        #expect(result.status == 0, "\(result.stderr)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: workspace.path("f")).sorted()
        #expect(try workspace.run("still", "a.png", "b.png", "--page", "--at", "1", "-o", "b-still.png").status == 0)
        let last = try #require(frames.last)
        let (end, still) = (try ImageDecoder.decode(contentsOf: workspace.path("f/\(last)")), try ImageDecoder.decode(contentsOf: workspace.path("b-still.png")))
        #expect(DecodedFrames.meanDifference(end, still) == 0)
    }

    /// Timing functions and gestures are keys of specs and job lines too; a slide's gesture
    /// replaces the show's duration for that slide only.
    @Test func specsAndJobLinesTakeTheSameNames() throws {
        let workspace = try Workspace()
        try workspace.write("trace.csv", Array("0,80,20\n0.2,80,80\n".utf8))
        try workspace.write("show.yaml", Array("""
            output: show.mp4
            fps: 10
            hold: 0.2
            duration: 0.5
            slides:
              - image: a.png
                transition: page
                gesture: "0:0 0.3:0.3 0.6:0.3"
                show-touches: true
              - image: b.png
                timing: spring(1, 100, 10, 0)
              - image: a.png
                transition: clock
                gesture-file: trace.csv
              - b.png
            """.utf8))
        let show = try workspace.run("slideshow", "--spec", "show.yaml")
        #expect(show.status == 0, "\(show.stderr)")
        try workspace.write("jobs.jsonl", Array("""
            {"images": ["a.png", "b.png"], "output": "linear.mp4", "timing": "linear(0, 0.25 75%, 1)", "duration": 0.3}
            {"images": ["a.png", "b.png"], "output": "steps.webm", "timing": "steps(3, jump-none)", "duration": 0.3}
            {"images": ["a.png", "b.png"], "output": "traced.mp4", "gesture-file": "trace.csv", "transition": "clock"}

            """.utf8))
        let batch = try workspace.run("batch", "jobs.jsonl")
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(batch.errorLines.last == "batch: 3 done, 0 failed, 0 skipped")
    }

    /// Under `batch --root`, a touch trace is a file the job reads: one outside the root is
    /// refused, named on the job line or in its spec, before any job runs.
    @Test func tracesStayInsideTheRoot() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("jail"), withIntermediateDirectories: true)
        for name in ["a.png", "b.png"] { try FileManager.default.copyItem(atPath: workspace.path(name), toPath: workspace.path("jail/" + name)) }
        try workspace.write("trace.csv", Array("0,80,20\n0.2,80,80\n".utf8))
        try workspace.write("jail/show.yaml", Array("output: show.mp4\ngesture-file: ../trace.csv\nslides: [a.png, b.png]\n".utf8))
        try workspace.write("jail/jobs.jsonl", Array("""
            {"images": ["a.png", "b.png"], "output": "line.mp4", "gesture-file": "../trace.csv"}
            {"spec": "show.yaml", "output": "spec.mp4"}

            """.utf8))
        let batch = try workspace.run("batch", "jail/jobs.jsonl", "--root", "jail")
        #expect(batch.errorLines == ["Error: jail/jobs.jsonl: line 1: '../trace.csv' is outside --root jail",
                                     "Error: jail/jobs.jsonl: line 2: jail/show.yaml: slide 1: 'jail/../trace.csv' is outside --root jail",
                                     "batch: 2 bad job lines; nothing rendered"])
        #expect(batch.status == 2)
    }

    /// A returning gesture in a slideshow leaves the show on its slide: a show of A, B, A whose
    /// first turn returns never shows B, and ends on A.
    @Test func aReturningSlideKeepsTheShowWhereItWas() throws {
        let workspace = try Workspace()
        try workspace.write("show.yaml", Array("""
            output: show.mp4
            fps: 10
            hold: 0.3
            slides:
              - image: a.png
                gesture: "0:0 0.3:0.3 0.6:0.3"
              - b.png
            """.utf8))
        #expect(try workspace.run("slideshow", "--spec", "show.yaml").status == 0)
        let a = try ImageDecoder.decode(contentsOf: workspace.path("a.png"))
        #expect(DecodedFrames.meanDifference(try DecodedFrames.lastFrame(of: "show.mp4", in: workspace), a) < 3)
    }

    /// The show's `show-touches` serves the slides with a gesture: the finger is drawn in their
    /// turns, and the slides without one are left alone (they were refused). With no gesture
    /// anywhere it is refused, as on the command line.
    @Test func theShowsShowTouchesServesTheSlidesWithAGesture() throws {
        let workspace = try Workspace()
        func show(_ touches: Bool) -> String {
            "fps: 10\nhold: 0.2\nshow-touches: \(touches)\nslides:\n  - image: a.png\n    gesture: \"0:0 0.5:0.5\"\n  - b.png\n  - a.png\n"
        }
        try workspace.write("touches.yaml", Array(show(true).utf8))
        try workspace.write("plain.yaml", Array(show(false).utf8))
        let touches = try workspace.run("slideshow", "--spec", "touches.yaml", "-o", "touches.mp4")
        #expect(touches.status == 0, "\(touches.stderr)")
        #expect(try workspace.run("slideshow", "--spec", "plain.yaml", "-o", "plain.mp4").status == 0)
        // Frame 2, the gesture's first: the finger half the drag (28 pixels) right of the centre.
        let (drawn, plain) = (try DecodedFrames.frame(2, of: "touches.mp4", in: workspace), try DecodedFrames.frame(2, of: "plain.mp4", in: workspace))
        #expect(Int(drawn.pixel(x: 108, y: 60).g) - Int(plain.pixel(x: 108, y: 60).g) > 25)
        #expect(try ProbedVideo(path: workspace.path("touches.mp4")).frames == (try ProbedVideo(path: workspace.path("plain.mp4")).frames))

        try workspace.write("none.yaml", Array("fps: 10\nshow-touches: true\nslides: [a.png, b.png]\n".utf8))
        let none = try workspace.run("slideshow", "--spec", "none.yaml", "-o", "none.mp4")
        #expect(none.status == 1 && none.errorLines == ["Error: none.yaml: key 'show-touches' is used only with 'gesture' or 'gesture-file'"])
    }

    /// The last slide of a show that does not loop has no transition after it: a gesture (or any
    /// option of that transition) given there did nothing without a word; a note says so.
    @Test func theLastSlidesTransitionOptionsAreNoted() throws {
        let workspace = try Workspace()
        try workspace.write("show.yaml", Array("fps: 10\nhold: 0.2\nslides:\n  - a.png\n  - image: b.png\n    gesture: \"0:0 1:0.5\"\n    hold: 1\n".utf8))
        let result = try workspace.run("slideshow", "--spec", "show.yaml", "-o", "show.mp4")
        #expect(result.status == 0)
        #expect(result.errorLines == ["note: show.yaml: slide 2: 'gesture' did nothing: the last slide of a show that does not loop has no transition after it (with 'loop: true', one leads back to the first)"])
        let looping = try workspace.run("slideshow", "--spec", "show.yaml", "-o", "loop.mp4", "--loop")
        #expect(looping.status == 0 && looping.errorLines.isEmpty, "\(looping.stderr)")
    }

    /// In a batch, a slideshow written in the job's line places its note by the line already:
    /// the batch placed it again (`note: jobs.jsonl: line 1: jobs.jsonl: line 1: slide 2: …`).
    @Test func anInlineShowsNoteIsPlacedOnce() throws {
        let workspace = try Workspace()
        try workspace.write("jobs.jsonl", Array(#"{"slides": ["a.png", {"image": "b.png", "fold": "cubic"}], "output": "show.mp4", "hold": 0.2, "fps": 10}"#.utf8))
        let result = try workspace.run("batch", "jobs.jsonl", "--check")
        #expect(result.status == 0)
        #expect(result.errorLines.first == "note: jobs.jsonl: line 1: slide 2: 'fold' did nothing: the last slide of a show that does not loop has no transition after it (with 'loop: true', one leads back to the first)")
    }

    static let errors: [(arguments: [String], message: String)] = [
        (["--timing", "steps(0)"],
         "Error: --timing must be steps(n[, jump-start|jump-end|jump-none|jump-both|start|end]) with a whole n from 1 (2 with jump-none) to 1000000, got 'steps(0)'"),
        (["--timing", "linear(0)"],
         "Error: --timing must be linear(output [input%] [input%], …) with at least two points, e.g. linear(0, 0.25 75%, 1), got 'linear(0)'"),
        (["--timing", "spring(1, 100)"],
         "Error: --timing must be spring(mass, stiffness, damping[, velocity]) with mass more than 0 and at most 1000, stiffness more than 0 and at most 100000, damping more than 0 and at most 100000 and velocity between -1000 and 1000, a spring that settles and strays at most 100 from 1, got 'spring(1, 100)'"),
        (["--timing", "bounce"],
         "Error: --timing must be a timing function: linear, ease, ease-in, ease-out, ease-in-out, step-start, step-end, cubic-bezier(x1, y1, x2, y2), linear(output [input%], …), steps(n[, jump-start|jump-end|jump-none|jump-both|start|end]), spring(mass, stiffness, damping[, velocity]), got 'bounce'"),
        (["--gesture", "0:0 0.5"],
         "Error: --gesture must be 'T:P T:P …' (seconds from the start, progress from 0 to 1, times rising, the first P 0; e.g. '0:0 0.6:0.4 1.2:0.4'), here '0.5' is not T:P, got '0:0 0.5'"),
        (["--gesture", "0:0 1:0.5", "--duration", "2"],
         "Error: --duration is not used with --gesture: the gesture sets the length (until the finger lifts, then until it settles)"),
        (["--gesture", "0:0 1:0.5", "--gesture-file", "trace.csv"], "Error: --gesture and --gesture-file both describe the finger; give one"),
        (["--show-touches"], "Error: --show-touches is used only with --gesture or --gesture-file"),
        (["--gesture", "0:0 1:0.5", "--release-max-speed", "2", "--release-min-speed", "3"], "Error: --release-min-speed must be at most --release-max-speed (2), got 3"),
        // One speed alone is named when it is out of range, not the other it would take along.
        (["--gesture", "0:0 1:0.5", "--release-min-speed", "200"], "Error: --release-min-speed must be between 0.01 and 100 per second, got 200"),
        (["--gesture", "0:0 1:0.5", "--release-max-speed", "0.005"],
         "Error: --release-max-speed must be at least 0.01 per second, the slowest --release-min-speed, got 0.005"),
        (["--gesture", "0:0 1:0.5", "--release-easing", "0"], "Error: --release-easing must be more than 0 and at most 10 seconds, got 0"),
        (["--gesture", "0:0 1:0.5", "--stagger", "0.1", "--tiles", "2x2"], "Error: --stagger must be 0 with a gesture (the finger turns every tile at once), got 0.1"),
        (["--gesture-file", "trace.csv"], "Error: trace.csv: line 2: expected t,x,y or {\"t\": …, \"x\": …, \"y\": …} with three numbers, each within ±1000000000, got '0.5,10'"),
        (["--gesture", "0:0 3599.5:0.4"], "Error: --gesture must be at most 3600 seconds long, got 3600.09 seconds with the settling after the lift"),
        (["--gesture-file", "missing.csv"], "Error: missing.csv: no such file"),
    ]

    @Test(arguments: errors)
    func malformedValuesAreOneLineErrors(arguments: [String], message: String) throws {
        let workspace = try Workspace()
        try workspace.write("trace.csv", Array("0,1,2\n0.5,10\n".utf8))
        let result = try workspace.run(["a.png", "b.png", "-o", "out.mp4"] + arguments)
        #expect(result.status == 1)
        #expect(result.errorLines == [message])
        #expect(!workspace.files.contains("out.mp4"))
    }

    /// A maximum speed given below the minimum's default lowers the minimum with it (it blamed
    /// `--release-min-speed`, never given). Let go still at 0.4, the page returns at the minimum
    /// speed, 0.5 a second: 0.4 + 0.1·(1 − e^(−5s)) = 0.5·s at s ≈ 1.0, after the lift at 1.2 s:
    /// ⌈2.2 × 30⌉ + 1 = 67 frames, where the default minimum (1 a second) takes 55.
    @Test func aLowMaximumSpeedLowersTheMinimum() throws {
        let workspace = try Workspace()
        let result = try workspace.run("a.png", "b.png", "-o", "out.mp4", "--gesture", "0:0 0.6:0.4 1.2:0.4", "--release-max-speed", "0.5")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try ProbedVideo(path: workspace.path("out.mp4")).frames == 67)
    }

    /// A still and a sheet show moments: they have no gesture nor frame rate, in their help or
    /// their options (their help listed the gesture's eight options, each always refused, and
    /// `--fps`, which changed nothing).
    @Test(arguments: ["still", "sheet"], [["--gesture", "0:0 1:1"], ["--show-touches"], ["--fps", "60"]])
    func momentsHaveNoGestureNorRate(command: String, options: [String]) throws {
        let workspace = try Workspace()
        let moment = command == "still" ? ["--at", "0.5"] : []
        let result = try workspace.run([command, "a.png", "b.png", "-o", "f.png"] + moment + options)
        #expect(result.status == 2)
        #expect(result.errorLines.first == "Error: Unknown option '\(options[0])': it is an option of 'fliptrans render'")
        #expect(!workspace.files.contains("f.png"))
        let help = try workspace.run(command, "--help")
        #expect(!help.stdout.contains("--gesture") && !help.stdout.contains("--fps") && help.stdout.contains("--timing"))
    }

    /// A slide's own duration beside a gesture (the show's or its own) is refused; the show's
    /// duration beside a slide's gesture is not (it serves the other slides).
    @Test func aSlidesDurationAndAGestureConflict() throws {
        let workspace = try Workspace()
        try workspace.write("show.yaml", Array("""
            output: show.mp4
            gesture: "0:0 0.3:0.7"
            slides:
              - a.png
              - image: b.png
                duration: 2
              - a.png
            """.utf8))
        let result = try workspace.run("slideshow", "--spec", "show.yaml")
        #expect(result.errorLines == ["Error: show.yaml: slide 2: key 'duration' is not used with 'gesture': the gesture sets the length (until the finger lifts, then until it settles)"])
        #expect(!workspace.files.contains("show.mp4"))
    }

    @Test func specErrorsNameTheSlideAndKey() throws {
        let workspace = try Workspace()
        try workspace.write("show.yaml", Array("""
            output: show.mp4
            slides:
              - image: a.png
                timing: linear(0)
              - b.png
            """.utf8))
        let result = try workspace.run("slideshow", "--spec", "show.yaml")
        #expect(result.errorLines == ["Error: show.yaml: slide 1: key 'timing' must be linear(output [input%] [input%], …) with at least two points, e.g. linear(0, 0.25 75%, 1), got 'linear(0)'"])
    }
}
