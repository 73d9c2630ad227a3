import FlipTransCore
import FlipTransMedia
import Foundation
import Testing
@testable import FlipTransCLI

/// A slideshow looks at every input before its first frame and reports every problem at once.
struct SlideshowPreflightTests {
    @Test func aFolderWithAnUnreadableHEICAndAnOversizeImageFailsBeforeAnyFrameListingBoth() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("photos"), withIntermediateDirectories: false)
        for (index, name) in ["img1.png", "img3.png", "img10.png", "img11.png"].enumerated() {
            try PNGWriter.write(Workspace.pattern(160, 120, tint: index % 2), to: workspace.path("photos/\(name)"))
        }
        try workspace.write("photos/img2.heic", Array("this is a text file, not a photo\n".utf8))
        try workspace.write("photos/img12.png", PNGHeader.claiming(width: 100_000, height: 100_000))
        let result = try workspace.run("slideshow", "photos", "-o", "show.mp4", "--progress", "json", "--hold", "1")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty, "a frame was rendered: \(result.stdout)")
        #expect(result.errorLines.count == 2, "\(result.stderr)")
        #expect(result.errorLines.first?.hasPrefix("Error: photos/img2.heic: not an image FFmpeg can decode") == true, "\(result.stderr)")
        #expect(result.errorLines.last == "Error: photos/img12.png: image is 100000x100000 = 10000000000 pixels, over the limit of 100000000 pixels (raise it with --max-pixels)")
        #expect(!workspace.files.contains("show.mp4") && workspace.partials(of: "show.mp4").isEmpty)
    }

    /// Damage inside a whole file, which no header shows, was found when the show reached its
    /// slide, after the frames before it: every later image is decoded before the first frame.
    @Test func damageInsideALaterImageIsFoundBeforeAnyFrame() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("photos"), withIntermediateDirectories: false)
        for (index, name) in ["1.png", "2.png", "3.png", "4.png", "5.png"].enumerated() {
            try PNGWriter.write(Workspace.pattern(160, 120, tint: index % 2), to: workspace.path("photos/\(name)"))
        }
        for name in ["3.png", "5.png"] {
            var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: workspace.path("photos/\(name)"))))
            for offset in bytes.count / 2 ..< bytes.count / 2 + 64 { bytes[offset] ^= 0x5A }
            try workspace.write("photos/\(name)", bytes)
        }
        // Accepted or not: a PNG whose data cannot be inflated has nothing to use.
        for accepting in [[], ["--allow-damaged"]] {
            let result = try workspace.run(["slideshow", "photos", "-o", "show.mp4", "--progress", "json", "--hold", "1"] + accepting)
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty, "a frame was rendered: \(result.stdout)")
            #expect(result.errorLines == ["Error: photos/3.png: damaged image data (FFmpeg: inflate returned error -3)",
                                          "Error: photos/5.png: damaged image data (FFmpeg: inflate returned error -3)"], "\(result.stderr)")
            #expect(!workspace.files.contains("show.mp4") && workspace.partials(of: "show.mp4").isEmpty)
        }
    }

    /// A folder without images is listed with the problems of the files beside it.
    /// From a spec, each image's problem names the slide that gives it: a folder's photo was
    /// named by its file alone, which the spec does not list.
    @Test func aSpecsImageProblemsNameTheirSlides() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("photos"), withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: workspace.path("a.png"), toPath: workspace.path("photos/a.png"))
        try workspace.write("photos/z.png", Array(try Data(contentsOf: URL(fileURLWithPath: workspace.path("b.png"))).prefix(200)))
        try workspace.write("show.yaml", Array("slides: [b.png, photos, missing.png]\nhold: 0.2\nduration: 0.2\nfps: 10\n".utf8))
        let result = try workspace.run("slideshow", "--spec", "show.yaml", "-o", "show.mp4")
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: show.yaml: slide 2: photos/z.png: damaged image data (the file ends before the picture does)",
                                      "Error: show.yaml: slide 3: missing.png: no such file"])
        #expect(!workspace.files.contains("show.mp4"))
    }

    @Test func anEmptyFolderIsListedWithTheOtherFilesProblems() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("empty"), withIntermediateDirectories: false)
        let result = try workspace.run("slideshow", "a.png", "missing.png", "empty", "-o", "show.mp4")
        #expect(result.status == 1)
        #expect(result.errorLines.count == 2, "\(result.stderr)")
        #expect(result.errorLines.first?.hasPrefix("Error: empty: no images in this folder") == true, "\(result.stderr)")
        #expect(result.errorLines.last == "Error: missing.png: no such file")
        #expect(!workspace.files.contains("show.mp4"))
    }

    /// A folder whose photos are all in subfolders (by day, by place) is not looked into; the
    /// error names the subfolders that hold images and how to give them.
    @Test func aFolderOfFoldersNamesTheSubfoldersWithImages() throws {
        let workspace = try Workspace()
        for day in ["day10", "day2", "notes", ".cache"] {
            try FileManager.default.createDirectory(atPath: workspace.path("trip/\(day)"), withIntermediateDirectories: true)
            if day != "notes" { try FileManager.default.copyItem(atPath: workspace.path("a.png"), toPath: workspace.path("trip/\(day)/a.png")) }
        }
        try workspace.write("trip/notes/list.txt", Array("sights".utf8))
        let result = try workspace.run("slideshow", "trip/", "-o", "show.mp4")
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: trip/: no images in this folder, only in its subfolders (day2, day10), which are not looked into; give them, such as trip/*/"])
        let given = try workspace.run("slideshow", "trip/day2/", "trip/day10/", "-o", "show.mp4", "--size", "64x48", "--hold", "0.1", "--duration", "0.1")
        #expect(given.status == 0, "\(given.stderr)")
    }

    @Test func aFolderGivesItsImagesInNaturalOrder() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("photos"), withIntermediateDirectories: false)
        // img2 is red, img10 blue: in natural order the show starts red; in plain text order, blue.
        // Any image extension counts, .apng (an APNG's, or as here a PNG's) among them.
        try PNGWriter.write(Image(width: 64, height: 48, filledWith: Color(red: 255, green: 0, blue: 0)), to: workspace.path("photos/img2.png"))
        try PNGWriter.write(Image(width: 64, height: 48, filledWith: Color(red: 0, green: 0, blue: 255)), to: workspace.path("photos/img10.apng"))
        try workspace.write("photos/notes.txt", Array("not an image, and not taken for one".utf8))
        let result = try workspace.run("slideshow", "photos", "-o", "show.mp4", "--hold", "0.1", "--duration", "0.1", "--fps", "20")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try ProbedVideo(path: workspace.path("show.mp4")).frames == 2 + 2 + 2)
        let (red, _, blue, _) = try VideoFrame.frame(0, of: "show.mp4", in: workspace).pixel(x: 32, y: 24)
        #expect(red > 200 && blue < 60)
        let (lastRed, _, lastBlue, _) = try VideoFrame.frame(5, of: "show.mp4", in: workspace).pixel(x: 32, y: 24)
        #expect(lastBlue > 200 && lastRed < 60)
    }

    /// A show written into the folder of its photos is not among them when it runs again, from
    /// the command line or a spec: the second run refused to overwrite its own input, and a run
    /// writing another name showed the first run's output as a slide.
    @Test func aShowsOutputInItsFolderIsNotOneOfItsImages() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("photos"), withIntermediateDirectories: false)
        for name in ["a.png", "b.png"] {
            try FileManager.default.copyItem(atPath: workspace.path(name), toPath: workspace.path("photos/" + name))
        }
        let show = ["slideshow", "photos", "-o", "photos/show.gif", "--hold", "0.1", "--duration", "0.1", "--fps", "20"]
        for _ in 0..<2 {
            let result = try workspace.run(show)
            #expect(result.status == 0, "\(result.stderr)")
            // Two holds and a transition of 2 frames each at 20 fps (a GIF shows a hold as one frame).
            #expect(abs(try ProbedVideo(path: workspace.path("photos/show.gif")).duration - 0.3) < 0.02)
        }
        try workspace.write("show.yaml", Array("output: photos/show.gif\nfps: 20\nhold: 0.1\nduration: 0.1\nslides: [photos]\n".utf8))
        let spec = try workspace.run("slideshow", "--spec", "show.yaml")
        #expect(spec.status == 0, "\(spec.stderr)")
        #expect(abs(try ProbedVideo(path: workspace.path("photos/show.gif")).duration - 0.3) < 0.02)
        // Named on its own, it is still an input the output would overwrite.
        let named = try workspace.run("slideshow", "photos/a.png", "photos/show.gif", "-o", "photos/show.gif")
        #expect(named.errorLines == ["Error: photos/show.gif: output is the same file as input 'photos/show.gif'; refusing to overwrite an input"])
    }

    /// Nor are the frames of a numbered sequence written into the folder: the second run
    /// refused them as inputs it would overwrite. A note says how many were left out, as they
    /// are written over, from the command line and from a spec. A file the pattern would not make (`f01.png` beside `f%03d.png`) is still a photo.
    @Test func aSequencesFramesInItsFolderAreNotAmongItsImages() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("photos"), withIntermediateDirectories: false)
        for name in ["a.png", "b.png"] {
            try FileManager.default.copyItem(atPath: workspace.path(name), toPath: workspace.path("photos/" + name))
        }
        let show = ["slideshow", "photos", "-o", "photos/f%03d.png", "--size", "64x48", "--hold", "0.2", "--duration", "0.2", "--fps", "10"]
        // Two holds of 2 frames and a transition of 3 frames, its last left out where B's hold begins.
        let frames = (1...6).map { String(format: "f%03d.png", $0) }
        let note = "note: photos: 6 files named like the frames of photos/f%03d.png (f001.png … f006.png) are not slides (this run writes its frames under such names)"
        for run in 0..<2 {
            let result = try workspace.run(show)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("photos")).sorted() == ["a.png", "b.png"] + frames)
            #expect(result.stderr.contains(note) == (run == 1), "\(result.stderr)")
        }
        try workspace.write("show.yaml", Array("output: photos/f%03d.png\nsize: 64x48\nhold: 0.2\nduration: 0.2\nfps: 10\nslides: [photos]\n".utf8))
        let fromSpec = try workspace.run("slideshow", "--spec", "show.yaml")
        #expect(fromSpec.status == 0, "\(fromSpec.stderr)")
        #expect(fromSpec.stderr.contains(note), "\(fromSpec.stderr)")
        try FileManager.default.copyItem(atPath: workspace.path("a.png"), toPath: workspace.path("photos/f01.png"))
        #expect(try SlideImages.expanding(workspace.path("photos"), leavingOut: workspace.path("photos/f%03d.png"))
                == ["a.png", "b.png", "f01.png"].map { workspace.path("photos/" + $0) })
    }

    /// Only what fliptrans wrote is left out so: a photo in the output's place, or named like its
    /// frames, was left out too, without a word, and written over. It is a slide like the
    /// others, which the output may not overwrite.
    @Test func aPhotoWhereTheOutputGoesIsNeverWrittenOver() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("photos"), withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: workspace.path("a.png"), toPath: workspace.path("photos/a.png"))
        try ExternalTool.ffmpeg(["-i", "b.png", "photos/cover.webp"], in: workspace.url)
        try ExternalTool.ffmpeg(["-i", "b.png", "photos/2.jpg"], in: workspace.url)
        let photos = try ["cover.webp", "2.jpg"].map { try Data(contentsOf: URL(fileURLWithPath: workspace.path("photos/" + $0))) }
        for (output, photo) in [("photos/cover.webp", "photos/cover.webp"), ("photos/%d.jpg", "photos/2.jpg")] {
            let result = try workspace.run("slideshow", "photos", "-o", output, "--hold", "0.2", "--duration", "0.2", "--fps", "10")
            #expect(result.status == 1)
            #expect(result.errorLines == ["Error: \(photo): output is the same file as input '\(photo)'; refusing to overwrite an input"])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("photos")).sorted() == ["2.jpg", "a.png", "cover.webp"])
        #expect(try ["cover.webp", "2.jpg"].map { try Data(contentsOf: URL(fileURLWithPath: workspace.path("photos/" + $0))) } == photos)
    }

    /// Animations in the folder — earlier shows written there as GIF, WebP or APNG — are left out
    /// with a note (a second show took the first one's GIF as a slide); a still GIF and a still
    /// WebP are photos like the others, and an animation given by name is a slide.
    @Test func aFoldersAnimationsAreLeftOutWithANote() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("photos"), withIntermediateDirectories: false)
        for name in ["a.png", "b.png"] {
            try FileManager.default.copyItem(atPath: workspace.path(name), toPath: workspace.path("photos/" + name))
        }
        try ExternalTool.ffmpeg(["-i", "a.png", "photos/still.gif"], in: workspace.url)
        try ExternalTool.ffmpeg(["-i", "b.png", "photos/still.webp"], in: workspace.url)
        let show = ["--hold", "0.2", "--duration", "0.2", "--fps", "10", "--size", "64x48"]
        for output in ["show.gif", "show.webp", "show.apng"] {
            let result = try workspace.run(["slideshow", "photos", "-o", "photos/" + output] + show)
            #expect(result.status == 0, "\(result.stderr)")
        }
        var notes: [String] = []
        let images = try SlideImages.expanding(workspace.path("photos")) { notes.append($0) }
        #expect(images == ["a.png", "b.png", "still.gif", "still.webp"].map { workspace.path("photos/" + $0) })
        #expect(notes == ["note: \(workspace.path("photos")): 3 animations (show.apng … show.webp) left out, as a slide shows one picture; give them by name to show their first pictures"])
        // Four slides: four holds of 2 frames and three turns of 2 frames, each but the last leaving out its last.
        let result = try workspace.run(["slideshow", "photos", "-o", "show.mp4"] + show)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try ProbedVideo(path: workspace.path("show.mp4")).frames == 4 * 2 + 3 * 2 - 2)
        let named = try workspace.run(["slideshow", "photos/show.gif", "photos/a.png", "-o", "named.mp4"] + show)
        #expect(named.status == 0 && !named.stderr.contains("note:"), "\(named.stderr)")
    }

    /// Pictures fliptrans wrote into the folder — an earlier show's frames under another pattern,
    /// a still — carry its mark and are left out with a note (the frames became slides of the
    /// next show, a 10-second video of a 0.7-second show); given by name, one is a slide.
    @Test func picturesFliptransWroteInTheFolderAreLeftOutWithANote() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("photos"), withIntermediateDirectories: false)
        for name in ["a.png", "b.png"] {
            try FileManager.default.copyItem(atPath: workspace.path(name), toPath: workspace.path("photos/" + name))
        }
        let show = ["--hold", "0.2", "--duration", "0.2", "--fps", "10", "--size", "64x48"]
        #expect(try workspace.run(["slideshow", "photos", "-o", "photos/f%03d.png"] + show).status == 0)
        #expect(try workspace.run(["slideshow", "photos", "-o", "photos/j%02d.jpg"] + show).status == 0)
        #expect(try workspace.run("still", "a.png", "b.png", "--at", "0.5", "-o", "photos/poster.png").status == 0)
        // Two holds of 2 frames and a turn of 2 frames: 6 frames a show.
        let frames = (1...6).map { String(format: "f%03d.png", $0) } + (1...6).map { String(format: "j%02d.jpg", $0) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("photos")).sorted() == ["a.png", "b.png"] + frames + ["poster.png"])
        // The JPEG frames carry the mark, and not the version of FFmpeg that wrote them.
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: workspace.path("photos/j01.jpg")))
        #expect(jpeg.range(of: Data("fliptrans".utf8)) != nil && jpeg.range(of: Data("Lavc".utf8)) == nil)
        var notes: [String] = []
        let images = try SlideImages.expanding(workspace.path("photos")) { notes.append($0) }
        #expect(images == ["a.png", "b.png"].map { workspace.path("photos/" + $0) })
        #expect(notes == ["note: \(workspace.path("photos")): \(frames.count + 1) pictures fliptrans wrote (f001.png … poster.png) left out; give them by name to show them"])
        let result = try workspace.run(["slideshow", "photos", "-o", "show.mp4"] + show)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try ProbedVideo(path: workspace.path("show.mp4")).frames == 6)
        let named = try workspace.run(["slideshow", "photos/poster.png", "photos/a.png", "-o", "named.mp4"] + show)
        #expect(named.status == 0 && !named.stderr.contains("note:"), "\(named.stderr)")
        // The folder given twice: its note once.
        let twice = try workspace.run(["slideshow", "photos", "photos", "-o", "twice.mp4"] + show)
        #expect(twice.status == 0, "\(twice.stderr)")
        #expect(twice.errorLines.filter { $0.hasPrefix("note:") }.count == 1, "\(twice.stderr)")
    }

    /// A named pipe in the folder is not opened while the folder is listed (opening one hung the
    /// show): it is refused as not a regular file. A folder whose every image is left out says
    /// what it left out (it said it held no images).
    @Test func aPipeDoesNotHangTheFolderAndAFolderOfLeftOutsSaysWhat() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("photos"), withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: workspace.path("a.png"), toPath: workspace.path("photos/a.png"))
        #expect(mkfifo(workspace.path("photos/pipe.png"), 0o600) == 0)
        let piped = try Fliptrans.runShell(#"timeout 60 "$FLIPTRANS" slideshow photos -o show.mp4 --size 64x48"#, in: workspace.url)
        #expect(piped.status == 1)
        #expect(piped.errorLines == ["Error: photos/pipe.png: not a regular file"])
        try FileManager.default.createDirectory(atPath: workspace.path("shows"), withIntermediateDirectories: false)
        let gif = try workspace.run("slideshow", "a.png", "b.png", "-o", "shows/show.gif", "--size", "64x48", "--hold", "0.2", "--duration", "0.2")
        #expect(gif.status == 0, "\(gif.stderr)")
        let again = try workspace.run("slideshow", "shows", "-o", "again.mp4")
        #expect(again.status == 1)
        #expect(again.errorLines == ["Error: shows: no images in this folder but what it leaves out: 1 animation (show.gif) left out, as a slide shows one picture; give it by name to show its first picture"])
    }

    /// Names alike in natural order (`img2`, `img02`; `A`, `a`) are ordered by their bytes: the
    /// order was the one the file system listed them in. A folder named like an image is no image
    /// (`album.jpg` stopped the show: "is a directory").
    @Test func aFoldersOrderIsTheSameWhateverTheListing() throws {
        #expect(SlideImages.naturallySorted(["img2.png", "img02.png", "a.png", "A.png", "img10.png"])
                == SlideImages.naturallySorted(["A.png", "img10.png", "a.png", "img02.png", "img2.png"]))
        #expect(SlideImages.naturallySorted(["img2.png", "img02.png", "a.png", "A.png", "img10.png"])
                == ["A.png", "a.png", "img02.png", "img2.png", "img10.png"])
        // Accents do not send a name past every unaccented one (`été` came after `zoo`).
        #expect(SlideImages.naturallySorted(["zoo.png", "été.png", "ea.png", "Çay.png", "ch.png", "cay.png"])
                == ["cay.png", "Çay.png", "ch.png", "ea.png", "été.png", "zoo.png"])
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("photos/album.jpg"), withIntermediateDirectories: true)
        for name in ["b.png", "a.png"] {
            try FileManager.default.copyItem(atPath: workspace.path(name), toPath: workspace.path("photos/" + name))
        }
        #expect(try SlideImages.expanding(workspace.path("photos")) == [workspace.path("photos/a.png"), workspace.path("photos/b.png")])
    }

    @Test func aSpecReportsEveryUnknownKeyAtOnce() throws {
        let workspace = try Workspace()
        try workspace.write("show.yaml", Array("""
            output: x.mp4
            wobble: 3
            colour: red
            slides:
              - image: a.png
                tranistion: page
              - b.png
              - image: b.png
                spin: 2
            """.utf8))
        let result = try workspace.run("slideshow", "--spec", "show.yaml")
        #expect(result.status == 1)
        #expect(result.errorLines.count == 2, "\(result.stderr)")
        #expect(result.errorLines[0].hasPrefix("Error: show.yaml: unknown key 'colour'"), "\(result.stderr)")
        #expect(result.errorLines[1].hasPrefix("Error: show.yaml: unknown key 'wobble'"), "\(result.stderr)")
        try workspace.write("show.yaml", Array("""
            output: x.mp4
            slides:
              - image: a.png
                tranistion: page
              - b.png
              - image: b.png
                spin: 2
            """.utf8))
        let slides = try workspace.run("slideshow", "--spec", "show.yaml")
        #expect(slides.errorLines.count == 2, "\(slides.stderr)")
        #expect(slides.errorLines[0].hasPrefix("Error: show.yaml: slide 1: unknown key 'tranistion'"), "\(slides.stderr)")
        #expect(slides.errorLines[1].hasPrefix("Error: show.yaml: slide 3: unknown key 'spin'"), "\(slides.stderr)")
    }

    /// Bad values are listed with unknown keys, every slide's once, a glob's too.
    @Test func aSpecReportsEveryBadValueAtOnce() throws {
        let workspace = try Workspace()
        try workspace.write("show.yaml", Array("""
            output: x.mp4
            slides:
              - image: a.png
                wobble: 1
              - image: b.png
                hold: .inf
              - image: "*.png"
                shadow: 5
              - image: b.png
                transition: pgae
            """.utf8))
        let result = try workspace.run("slideshow", "--spec", "show.yaml")
        #expect(result.status == 1)
        #expect(result.errorLines == [
            "Error: show.yaml: slide 1: unknown key 'wobble'",
            "Error: show.yaml: slide 2: key 'hold' takes a number, got '.inf'",
            "Error: show.yaml: slide 3: key 'shadow' must be between 0 and 4, got 5",
            "Error: show.yaml: slide 4: unknown transition 'pgae'; did you mean 'page'? (available: flip, page, fold, clock, cards, cycle)",
        ])
        #expect(!workspace.files.contains("x.mp4"))
    }

    /// The show's own bad keys and values are listed together (one the parser cannot read does
    /// not hide the others), and so are a slide's bad look and its bad options.
    @Test func aSpecsTopLevelAndSlideProblemsAreListedTogether() throws {
        let workspace = try Workspace()
        try workspace.write("show.yaml", Array("""
            output: x.mp4
            hold: -1
            fps: abc
            fit: wrong
            width: 160
            slides:
              - a.png
            """.utf8))
        let show = try workspace.run("slideshow", "--spec", "show.yaml")
        #expect(show.status == 1)
        #expect(show.errorLines == [
            "Error: show.yaml: key 'fit' must be one of contain, cover, stretch, blur, got 'wrong'",
            "Error: show.yaml: unknown key 'width'. Did you mean 'size'?",
            "Error: show.yaml: key 'fps' must be a frame rate: a whole number, a fraction such as 30000/1001, or 29.97, 23.976, 59.94, got 'abc'",
            "Error: show.yaml: key 'hold' must be between 0 and 3600 seconds, got -1",
        ], "\(show.stderr)")
        try workspace.write("show.yaml", Array("""
            output: x.mp4
            slides:
              - a.png
              - image: b.png
                fit: wrong
                tranistion: page
            """.utf8))
        let slide = try workspace.run("slideshow", "--spec", "show.yaml")
        #expect(slide.errorLines == [
            "Error: show.yaml: slide 2: key 'fit' must be one of contain, cover, stretch, blur, got 'wrong'",
            "Error: show.yaml: slide 2: unknown key 'tranistion'. Did you mean 'transition'?",
        ], "\(slide.stderr)")
        // A value of the wrong kind (a switch written as text) hides nothing either, and a key
        // checked against a refused one (a seed, against a misspelt order) is not told off.
        // The same slides, with bad keys of a kind in slide 2, under a bad top level and a good one.
        let slidesOfBadKinds = """
            slides:
              - a.png
              - image: b.png
                reverse: "yes"
                fit: wrong
                hold: [1, 2]
            """
        try workspace.write("show.yaml", Array(("""
            output: x.mp4
            loop: "yes"
            fit: wrong
            order: shufle
            seed: 5

            """ + slidesOfBadKinds).utf8))
        let kinds = try workspace.run("slideshow", "--spec", "show.yaml")
        #expect(kinds.errorLines.count == 3 && kinds.errorLines[0].hasPrefix("Error: show.yaml: key 'fit' must be one of")
                && kinds.errorLines[1].hasPrefix("Error: show.yaml: key 'loop' ") && kinds.errorLines[2].hasPrefix("Error: show.yaml: key 'order' "),
                "\(kinds.stderr)")
        try workspace.write("show.yaml", Array(("output: x.mp4\n" + slidesOfBadKinds).utf8))
        let slideKinds = try workspace.run("slideshow", "--spec", "show.yaml")
        #expect(slideKinds.errorLines.count == 3 && slideKinds.errorLines[0].hasPrefix("Error: show.yaml: slide 2: key 'fit' must be one of")
                && slideKinds.errorLines[1].hasPrefix("Error: show.yaml: slide 2: key 'reverse' ") && slideKinds.errorLines[2].hasPrefix("Error: show.yaml: slide 2: key 'hold' "),
                "\(slideKinds.stderr)")
        #expect(!workspace.files.contains("x.mp4"))
    }

    /// A preset no encoder knows is the spec's mistake when the spec gives it, the command
    /// line's (a usage error) when the command line does.
    @Test func aSpecsUnknownPresetIsReportedAsItsKey() throws {
        let workspace = try Workspace()
        try workspace.write("show.yaml", Array("""
            output: x.mp4
            preset: fastest
            slides: [a.png, b.png]
            """.utf8))
        let spec = try workspace.run("slideshow", "--spec", "show.yaml")
        #expect(spec.status == 1)
        #expect(spec.errorLines == ["Error: show.yaml: key 'preset' must be one of ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow, placebo for H.264 (x264), got 'fastest'"])
        try workspace.write("show.yaml", Array("output: x.mp4\nslides: [a.png, b.png]\n".utf8))
        let beside = try workspace.run("slideshow", "--spec", "show.yaml", "--preset", "fastest")
        #expect(beside.status == 2)
        #expect(beside.errorLines.first == "Error: --preset must be one of ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow, placebo for H.264 (x264), got 'fastest'")
        #expect(!workspace.files.contains("x.mp4"))
    }

    /// A pattern through links that lead back up looked through folders without end, its list
    /// of names growing by gigabytes; it stops at a budget of folder entries, with the reason.
    @Test func aGlobThatLoopsThroughLinksStops() throws {
        let workspace = try Workspace()
        for link in ["x", "y"] { try FileManager.default.createSymbolicLink(atPath: workspace.path(link), withDestinationPath: ".") }
        let pattern = Array(repeating: "*", count: 30).joined(separator: "/") + ".png"
        try workspace.write("show.yaml", Array("slides: [\"\(pattern)\"]\n".utf8))
        let result = try workspace.run("slideshow", "--spec", "show.yaml", "-o", "show.mp4")
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: show.yaml: slide 1: '\(pattern)' looks through more than 1000000 folder entries (a link that leads back up, such as x -> ., repeats folders without end); give a narrower pattern"])
    }

    @Test func aGlobInASpecGivesTheFilesItMatches() throws {
        let workspace = try Workspace()
        try workspace.write("show.yaml", Array("output: x.mp4\nfps: 10\nhold: 0.2\nduration: 0.2\nslides:\n  - '*.png'\n  - image: 'b*.png'\n    hold: 1\n".utf8))
        let result = try workspace.run("slideshow", "--spec", "show.yaml")
        #expect(result.status == 0, "\(result.stderr)")
        // a.png, b.png, then b.png again: holds 2 + 2 + 10, two transitions of 2 frames, the first
        // leaving out the frame the second begins with.
        #expect(try ProbedVideo(path: workspace.path("x.mp4")).frames == 2 + 2 + 10 + 2 * 2 - 1)
        try workspace.write("show.yaml", Array("output: x.mp4\nslides:\n  - 'photos/*.jpg'\n".utf8))
        let none = try workspace.run("slideshow", "--spec", "show.yaml")
        #expect(none.errorLines == ["Error: show.yaml: slide 1: 'photos/*.jpg' matches no file"])
        // A file named like a pattern is that file ('[1]' matched only "p1.png", none here).
        try FileManager.default.copyItem(atPath: workspace.path("a.png"), toPath: workspace.path("p[1].png"))
        try workspace.write("show.yaml", Array("output: x.mp4\nfps: 10\nhold: 0.2\nduration: 0.2\nslides:\n  - 'p[1].png'\n  - image: 'p[1].png'\n".utf8))
        let literal = try workspace.run("slideshow", "--spec", "show.yaml")
        #expect(literal.status == 0, "\(literal.stderr)")
        #expect(try ProbedVideo(path: workspace.path("x.mp4")).frames == 2 + 2 + 2)
    }
}
