import Foundation
import FlipTransCore
import FlipTransMedia
import Testing

/// Every user error through the real command: one line on stderr that names the file (or the
/// option) and the reason, a non-zero exit, and nothing written. The README's "Failure modes"
/// table lists what these tests check.
struct ErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        /// Substrings the single error line must contain.
        let mentions: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "missing input", arguments: ["missing.png", "b.png", "-o", "out.mp4"], mentions: ["missing.png", "no such file"]),
        Case(name: "file name with a line break", arguments: ["new\nline.png", "b.png", "-o", "out.mp4"], mentions: [#"new\nline.png"#, "no such file"]),
        // A right-to-left override would show the name, and the reason after it, reversed.
        Case(name: "file name with a bidirectional override", arguments: ["photo\u{202E}gnp.exe", "b.png", "-o", "out.mp4"],
             mentions: [#"photo\u{202E}gnp.exe: no such file"#]),
        Case(name: "standard input as an image", arguments: ["-", "b.png", "-o", "out.mp4"],
             mentions: ["-: no such file (standard input is not read here; give a file)"]),
        Case(name: "empty name as an image", arguments: ["", "b.png", "-o", "out.mp4"], mentions: ["'': an empty name names no file"]),
        Case(name: "empty name twice", arguments: ["", "", "-o", "out.mp4"], mentions: ["'': an empty name names no file"]),
        Case(name: "directory input", arguments: ["folder", "b.png", "-o", "out.mp4"], mentions: ["folder", "is a directory"]),
        Case(name: "empty file", arguments: ["empty.png", "b.png", "-o", "out.mp4"], mentions: ["empty.png: empty file"]),
        Case(name: "output path past PATH_MAX", arguments: ["a.png", "b.png", "-o", String(repeating: "d/", count: 2100) + "o.mp4"],
             mentions: ["the path is 4205 bytes long, more than the system takes (4096)"]),
        Case(name: "output folder name past NAME_MAX", arguments: ["a.png", "b.png", "-o", String(repeating: "d", count: 300) + "/o.mp4"],
             mentions: ["a folder's name in the path is 300 bytes long, more than the system takes (255)"]),
        Case(name: "broken symbolic link", arguments: ["moved.png", "b.png", "-o", "out.mp4"],
             mentions: ["moved.png: no such file: it is a symbolic link to photos/gone.png, which does not exist"]),
        Case(name: "text named .png", arguments: ["a.png", "text.png", "-o", "out.mp4"], mentions: ["text.png", "not an image"]),
        Case(name: "truncated PNG", arguments: ["truncated.png", "b.png", "-o", "out.mp4"], mentions: ["truncated.png: damaged image data (the file ends before the picture does)"]),
        Case(name: "cycle outside a slideshow", arguments: ["still", "a.png", "b.png", "--at", "0.5", "-o", "out.png", "--transition", "cycle"],
             mentions: ["cycle", "slideshows only", "flip, page, fold"]),
        Case(name: "unknown output extension", arguments: ["a.png", "b.png", "-o", "out.avi"], mentions: ["out.avi", ".mp4", ".webm"]),
        Case(name: "a rate too low for the default duration", arguments: ["a.png", "b.png", "-o", "out.mp4", "--fps", "1"],
             mentions: ["at 1 fps the default --duration of 1 second is under the 2 frames a transition needs; give --duration 1.5 or more"]),
        Case(name: "output directory missing", arguments: ["a.png", "b.png", "-o", "nowhere/out.mp4"], mentions: ["nowhere/out.mp4", "does not exist"]),
        Case(name: "output is an input", arguments: ["a.mp4", "b.png", "-o", "a.mp4"], mentions: ["a.mp4", "same file as input"]),
        Case(name: "still over its input", arguments: ["still", "a.png", "b.png", "--at", "0.5", "-o", "./b.png"], mentions: ["b.png", "same file as input"]),
        Case(name: "zero duration", arguments: ["a.png", "b.png", "-o", "out.mp4", "--duration", "0"], mentions: ["--duration must be more than 0 and at most 3600 seconds, got 0"]),
        Case(name: "negative duration", arguments: ["a.png", "b.png", "-o", "out.mp4", "--duration", "-1"], mentions: ["--duration must be more than 0 and at most 3600 seconds, got -1"]),
        Case(name: "zero fps", arguments: ["a.png", "b.png", "-o", "out.mp4", "--fps", "0"], mentions: ["--fps", "between 1 and 240"]),
        Case(name: "fps under 1, quoted as written", arguments: ["a.png", "b.png", "-o", "out.mp4", "--fps", "0.5"], mentions: ["--fps must be between 1 and 240, got 0.5"]),
        Case(name: "size not WxH", arguments: ["a.png", "b.png", "-o", "out.mp4", "--size", "1920by1080"], mentions: ["--size", "1920by1080"]),
        Case(name: "size with a zero", arguments: ["a.png", "b.png", "-o", "out.mp4", "--size", "0x100"], mentions: ["--size", "between"]),
        Case(name: "size with a minus sign", arguments: ["a.png", "b.png", "-o", "out.mp4", "--size", "-5x100"], mentions: ["--size must be WIDTHxHEIGHT, e.g. 1920x1080, WIDTHx or xHEIGHT (the other side following the first image), or 'source', got '-5x100'"]),
        Case(name: "bad timing", arguments: ["a.png", "b.png", "-o", "out.mp4", "--timing", "cubic-bezier(2,0,1,1)"], mentions: ["--timing", "x1 and x2 in [0, 1]"]),
        Case(name: "bad colour", arguments: ["a.png", "b.png", "-o", "out.mp4", "--background", "purple-ish"], mentions: ["--background", "purple-ish"]),
        Case(name: "still outside the transition", arguments: ["still", "a.png", "b.png", "--at", "2", "-o", "f.png"], mentions: ["--at", "between 0 and 1"]),
        Case(name: "PNG header claiming 100000x100000", arguments: ["huge.png", "b.png", "-o", "out.mp4"],
             mentions: ["huge.png", "100000x100000", "limit of 100000000 pixels", "--max-pixels"]),
        Case(name: "PNG header over the default limit", arguments: ["still", "a.png", "big.png", "--at", "0.5", "-o", "f.png"],
             mentions: ["big.png", "15000x15000", "limit of 100000000 pixels"]),
        // The same image twice: two inputs over the limit would give two lines (SlideshowPreflightTests).
        Case(name: "image over --max-pixels", arguments: ["a.png", "a.png", "-o", "out.mp4", "--max-pixels", "1000"],
             mentions: ["a.png", "160x120", "limit of 1000 pixels"]),
        Case(name: "image one pixel over --max-pixels", arguments: ["still", "a.png", "a.png", "--at", "0", "-o", "f.png", "--max-pixels", "19199"],
             mentions: ["a.png: image is 160x120 = 19200 pixels, over the limit of 19199 pixels"]),
        Case(name: "FIFO input", arguments: ["fifo.png", "b.png", "-o", "out.mp4"], mentions: ["fifo.png", "not a regular file"]),
        Case(name: "output is a directory", arguments: ["a.png", "b.png", "-o", "dir.mp4"], mentions: ["dir.mp4", "is a directory"]),
        Case(name: "still output is a directory", arguments: ["still", "a.png", "b.png", "--at", "0", "-o", "dir.png"], mentions: ["dir.png", "is a directory"]),
        // The option cases below name a missing input: an error about the option shows that it was
        // checked before any input was read.
        Case(name: "max-pixels zero", arguments: ["missing.png", "b.png", "-o", "out.mp4", "--max-pixels", "0"], mentions: ["--max-pixels", "1 or more"]),
        Case(name: "crf 99 for MP4", arguments: ["missing.png", "b.png", "-o", "out.mp4", "--crf", "99"], mentions: ["--crf", "between 0 and 51"]),
        Case(name: "negative crf", arguments: ["missing.png", "b.png", "-o", "out.mp4", "--crf", "-1"], mentions: ["--crf", "between 0 and 51"]),
        Case(name: "crf 64 for WebM", arguments: ["missing.png", "b.png", "-o", "out.webm", "--crf", "64"], mentions: ["--crf", "between 0 and 63"]),
        Case(name: "preset for WebM", arguments: ["missing.png", "b.png", "-o", "out.webm", "--preset", "fast"], mentions: ["--preset", "VP9", "H.264, HEVC and AV1"]),
        Case(name: "fps 100000", arguments: ["missing.png", "b.png", "-o", "out.mp4", "--fps", "100000"], mentions: ["--fps", "between 1 and 240"]),
        Case(name: "size 1x1", arguments: ["missing.png", "b.png", "-o", "out.mp4", "--size", "1x1"], mentions: ["--size", "between 16 and 8192"]),
        Case(name: "size 100000x100000", arguments: ["missing.png", "b.png", "-o", "out.mp4", "--size", "100000x100000"], mentions: ["--size", "between 16 and 8192"]),
        Case(name: "still size 1x1", arguments: ["still", "missing.png", "b.png", "--at", "0", "-o", "f.png", "--size", "1x1"], mentions: ["--size", "between 16 and 8192"]),
        Case(name: "duration of hours", arguments: ["missing.png", "b.png", "-o", "out.mp4", "--duration", "4000"], mentions: ["--duration", "at most 3600"]),
        Case(name: "hold of hours", arguments: ["missing.png", "b.png", "-o", "out.mp4", "--hold", "5000"], mentions: ["--hold", "between 0 and 3600"]),
        Case(name: "negative hold", arguments: ["missing.png", "b.png", "-o", "out.mp4", "--hold", "-1"], mentions: ["--hold", "between 0 and 3600"]),
        Case(name: "shadow too strong", arguments: ["missing.png", "b.png", "-o", "out.mp4", "--shadow", "5"], mentions: ["--shadow", "between 0 and 4"]),
        Case(name: "negative shadow", arguments: ["missing.png", "b.png", "-o", "out.mp4", "--shadow", "-1"], mentions: ["--shadow", "between 0 and 4"]),
        Case(name: "zero perspective", arguments: ["missing.png", "b.png", "-o", "out.mp4", "--perspective", "0"], mentions: ["--perspective", "more than 0"]),
        Case(name: "pullback too large", arguments: ["missing.png", "b.png", "-o", "out.mp4", "--pullback", "9"], mentions: ["--pullback", "more than 0 and at most 4, got 9"]),
        Case(name: "timing out of range", arguments: ["missing.png", "b.png", "-o", "out.mp4", "--timing", "cubic-bezier(2,0,1,1)"], mentions: ["--timing", "x1 and x2 in [0, 1]"]),
        // Such a curve once parsed, then trapped turning a huge angle into a quarter-turn count.
        Case(name: "timing of absurd overshoot", arguments: ["missing.png", "b.png", "-o", "out.mp4", "--timing", "cubic-bezier(0,1e300,1,-1e300)"], mentions: ["--timing", "y1 and y2 in [-100, 100], got 'cubic-bezier(0,1e300,1,-1e300)'"]),
        Case(name: "colour that is not a colour", arguments: ["missing.png", "b.png", "-o", "out.mp4", "--background", "#12345"], mentions: ["--background", "#rrggbb"]),
        Case(name: "colour with a sign", arguments: ["missing.png", "b.png", "-o", "out.mp4", "--background", "#+12345"], mentions: ["--background", "'#+12345'"]),
    ]

    @Test(arguments: cases)
    func failsCleanly(_ errorCase: Case) throws {
        let workspace = try Workspace()
        for folder in ["folder", "dir.mp4", "dir.png"] {
            try FileManager.default.createDirectory(atPath: workspace.path(folder), withIntermediateDirectories: false)
        }
        try workspace.write("huge.png", PNGHeader.claiming(width: 100_000, height: 100_000))
        try workspace.write("big.png", PNGHeader.claiming(width: 15_000, height: 15_000))
        #expect(mkfifo(workspace.path("fifo.png"), 0o644) == 0)
        try workspace.write("empty.png", [])
        try FileManager.default.createSymbolicLink(atPath: workspace.path("moved.png"), withDestinationPath: "photos/gone.png")
        try workspace.write("text.png", Array("this is not a picture\n".utf8))
        let png = try Data(contentsOf: URL(fileURLWithPath: workspace.path("a.png")))
        try workspace.write("truncated.png", Array(png.prefix(png.count / 2)))
        try workspace.write("a.mp4", Array(png))
        let before = workspace.files

        let result = try workspace.run(errorCase.arguments)
        #expect(result.status != 0)
        #expect(result.errorLines.count == 1, "\(result.stderr)")
        for mention in errorCase.mentions {
            #expect(result.stderr.contains(mention), "'\(mention)' missing from: \(result.stderr)")
        }
        #expect(result.stdout.isEmpty)
        #expect(workspace.files == before, "files left behind: \(workspace.files.subtracting(before))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: workspace.path("a.mp4"))) == png)
    }

    @Test func failedRunLeavesAnExistingOutputUntouched() throws {
        let workspace = try Workspace()
        try workspace.write("out.mp4", Array("previous video".utf8))
        let result = try workspace.run("missing.png", "b.png", "-o", "out.mp4")
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: missing.png: no such file"])
        #expect(try String(contentsOfFile: workspace.path("out.mp4"), encoding: .utf8) == "previous video")
    }

    @Test func imageWithALyingExtensionIsReadByContent() throws {
        let workspace = try Workspace()
        try FileManager.default.copyItem(atPath: workspace.path("a.png"), toPath: workspace.path("photo.jpg"))
        let result = try workspace.run("still", "photo.jpg", "b.png", "--at", "0", "-o", "f.png")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(workspace.files.contains("f.png"))
    }

    /// FFmpeg checks a 160-pixel-wide frame as 192 wide (aligned to 64): the limit is still exact.
    @Test func imageOfExactlyMaxPixelsIsRead() throws {
        let workspace = try Workspace()
        let result = try workspace.run("still", "a.png", "b.png", "--at", "0", "-o", "f.png", "--max-pixels", "19200")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(workspace.files.contains("f.png"))
    }

    @Test(.enabled(if: Fliptrans.canRunUnprivileged, "needs setpriv to drop root, which ignores permissions"))
    func unreadableInputIsRefused() throws {
        let workspace = try Workspace()
        try FileManager.default.copyItem(atPath: workspace.path("a.png"), toPath: workspace.path("secret.png"))
        #expect(chmod(workspace.path("secret.png"), 0) == 0)
        #expect(chmod(workspace.url.path, 0o777) == 0)  // the output directory must not be what fails
        let result = try Fliptrans.runUnprivileged(["secret.png", "b.png", "-o", "out.mp4"], in: workspace.url)
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: secret.png: not readable (Permission denied)"])
        #expect(!workspace.files.contains("out.mp4"))
    }

    @Test(.enabled(if: Fliptrans.canRunUnprivileged, "needs setpriv to drop root, which ignores permissions"))
    func unwritableOutputDirectoryIsRefusedFirst() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("locked"), withIntermediateDirectories: false)
        #expect(chmod(workspace.path("locked"), 0o555) == 0)
        // A missing input too: the output is checked before any input is read.
        let result = try Fliptrans.runUnprivileged(["missing.png", "b.png", "-o", "locked/out.mp4"], in: workspace.url)
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1)
        #expect(result.stderr.contains("locked/out.mp4: directory") && result.stderr.contains("is not writable (Permission denied)"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("locked")).isEmpty)
    }

    /// Another user's file in a sticky folder cannot be replaced: refused before any work, not
    /// after the render, when the finished file could not be moved over it.
    @Test(.enabled(if: Fliptrans.canRunUnprivileged && geteuid() == 0, "needs root to own the file and setpriv to run as another user"))
    func anotherUsersFileInAStickyFolderIsRefusedFirst() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("shared"), withIntermediateDirectories: false)
        #expect(chmod(workspace.path("shared"), 0o1777) == 0 && chmod(workspace.url.path, 0o777) == 0)
        try workspace.write("shared/out.mp4", Array("theirs".utf8))
        #expect(chmod(workspace.path("shared/out.mp4"), 0o666) == 0)
        let result = try Fliptrans.runUnprivileged(["a.png", "b.png", "-o", "shared/out.mp4"], in: workspace.url)
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: shared/out.mp4: belongs to another user, in a folder where only a file's owner may replace it (sticky, as /tmp); remove it or write another name"])
        #expect(try String(contentsOfFile: workspace.path("shared/out.mp4"), encoding: .utf8) == "theirs")
    }

    /// A file marked immutable or append-only cannot be replaced, even by root: refused before
    /// any input is read (the missing image is not reported), through a symbolic link too, and
    /// by `batch --check`.
    @Test(.enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr"), "needs root and chattr"))
    func aFileMarkedImmutableOrAppendOnlyIsRefusedFirst() throws {
        let workspace = try Workspace()
        try workspace.write("out.mp4", Array("kept".utf8))
        #expect(symlink("out.mp4", workspace.path("link.mp4")) == 0)
        let reason = "is marked immutable or append-only (chattr +i or +a), so nothing may replace it; remove the mark or write another name"
        for mark in ["+i", "+a"] {
            #expect(try Fliptrans.runShell("chattr \(mark) out.mp4", in: workspace.url).status == 0)
            defer { _ = try? Fliptrans.runShell("chattr \(mark.replacingOccurrences(of: "+", with: "-")) out.mp4", in: workspace.url) }
            for output in ["out.mp4", "link.mp4"] {
                let result = try workspace.run("missing.png", "b.png", "-o", output)
                #expect(result.status == 1)
                #expect(result.errorLines == ["Error: \(output): \(reason)"], "chattr \(mark)")
            }
        }
        try workspace.write("jobs.jsonl", Array(#"{"images": ["a.png", "b.png"], "output": "out.mp4"}"#.utf8 + [10]))
        #expect(try Fliptrans.runShell("chattr +i out.mp4", in: workspace.url).status == 0)
        defer { _ = try? Fliptrans.runShell("chattr -i out.mp4", in: workspace.url) }
        let check = try workspace.run("batch", "jobs.jsonl", "--check")
        #expect(check.status == 1 && check.stderr.contains("out.mp4: \(reason)"), "\(check.stderr)")
        #expect(try String(contentsOfFile: workspace.path("out.mp4"), encoding: .utf8) == "kept")
    }

    @Test(.enabled(if: TmpfsMount.isAvailable, "needs root to mount a tmpfs"))
    func readOnlyFilesystemIsRefusedFirst() throws {
        let workspace = try Workspace()
        let readOnly = try TmpfsMount(options: "ro")
        let result = try workspace.run("missing.png", "b.png", "-o", readOnly.path("out.mp4"))
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1)
        #expect(result.stderr.contains("is not writable (Read-only file system)"), "\(result.stderr)")
    }

    /// A disk that fills up mid-write: the error says so, the partial file is removed and the
    /// file already at the output path is left as it was.
    @Test(.enabled(if: TmpfsMount.isAvailable, "needs root to mount a tmpfs"), arguments: [
        // --quiet: the warning that few players play lossless H.264 is not the point here.
        (["a.png", "b.png", "--size", "640x480", "--crf", "0", "--preset", "ultrafast", "--quiet", "-o"], "out.mp4", 100_000),
        (["a.png", "b.png", "--size", "640x480", "--crf", "0", "-o"], "out.webm", 100_000),
        (["still", "a.png", "b.png", "--at", "0.5", "--size", "2048x1536", "-o"], "frame.png", 258_000),
    ])
    func fullDiskLeavesNoPartialFile(arguments: [String], output: String, existingBytes: Int) throws {
        let workspace = try Workspace()
        let disk = try TmpfsMount(options: "size=256k")
        let previous = Data(repeating: 0x5A, count: existingBytes)
        try previous.write(to: URL(fileURLWithPath: disk.path(output)))
        let result = try workspace.run(arguments + [disk.path(output)])
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1)
        #expect(result.stderr.contains(disk.path(output)) && result.stderr.contains("No space left on device"), "\(result.stderr)")
        #expect(disk.files == [output])
        #expect(try Data(contentsOf: URL(fileURLWithPath: disk.path(output))) == previous)
    }

    /// A sequence's frame that cannot be created for want of space or of file entries (inodes)
    /// says which, not FFmpeg's "Input/output error"; nothing is left.
    @Test(.enabled(if: TmpfsMount.isAvailable, "needs root to mount a tmpfs"), arguments: [
        ("size=50M,nr_inodes=12", "no file entries (inodes) left on the device"), ("size=100k", "No space left on device"),
    ])
    func aFullDeviceUnderASequenceIsNamed(options: String, reason: String) throws {
        let workspace = try Workspace()
        let disk = try TmpfsMount(options: options)
        let pattern = disk.path("f%04d.png")
        let result = try workspace.run("a.png", "b.png", "--size", "640x360", "-o", pattern)
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: \(pattern): cannot write to the output file (\(reason))"])
        #expect(disk.files == [])
    }

    /// A program tells a full device from other write failures by the error's kind (a server
    /// answers 507, not 500): a video, a sequence out of space or of file entries, a still.
    @Test(.enabled(if: TmpfsMount.isAvailable, "needs root to mount a tmpfs"), arguments: [
        ("size=64k", "clip.mp4"), ("size=64k", "f%04d.png"), ("size=50M,nr_inodes=12", "f%04d.png"), ("size=64k", "frame.png"),
    ])
    func aFullDeviceIsItsOwnKindOfError(options: String, output: String) throws {
        let workspace = try Workspace()
        let disk = try TmpfsMount(options: options)
        // All but a kilobyte taken: the plain frames of these tiny images compress to little.
        var device = statvfs()
        #expect(statvfs(disk.url.path, &device) == 0)
        if options.hasPrefix("size=64k") {
            try Data(count: max(0, Int(device.f_bavail) * Int(device.f_bsize) - 1024)).write(to: disk.url.appendingPathComponent("filler"))
        }
        let clip = try TransitionClip(transition: try Flip(), duration: 0.5, fps: 30)
        let timeline = output == "frame.png" ? Timeline(clip: clip, at: 0.5) : Timeline(clip: clip, holdFrames: 0)
        let job = try RenderJob(images: [workspace.path("a.png"), workspace.path("b.png")], frame: FramePolicy(size: PixelSize(width: 1280, height: 720)),
                                timeline: timeline, fps: 30, output: disk.path(output))
        let error = #expect(throws: MediaError.self) { try job.run() }
        #expect(error?.kind == .outOfSpace, "\(String(describing: error))")
    }
}
