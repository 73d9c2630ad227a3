import FlipTransCore
import FlipTransMedia
import Foundation
import Testing

/// Damaged images through the real command: a JPEG cut short is refused, not painted grey where
/// data is missing, unless --allow-damaged accepts it with one warning; a JPEG whose scans would
/// multiply the decoding time is refused before decoding; FFmpeg's own log lines never reach stderr.
struct DamagedImageTests {
    enum Cut: Sendable, CustomTestStringConvertible {
        case atByte(Int)
        case atPercent(Int)

        func apply(to bytes: [UInt8]) -> [UInt8] {
            switch self {
            case .atByte(let count): Array(bytes.prefix(count))
            case .atPercent(let percent): Array(bytes.prefix(bytes.count * percent / 100))
            }
        }

        var testDescription: String {
            switch self {
            case .atByte(let count): "cut at byte \(count)"
            case .atPercent(let percent): "cut at \(percent) %"
            }
        }
    }

    /// A 320×240 test picture as a baseline JPEG (the ffmpeg program) and, re-encoded losslessly by
    /// jpegtran, as a progressive and an arithmetic-coded one.
    func makeJPEGs(in workspace: Workspace) throws {
        try ExternalTool.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=1", "-frames:v", "1", "-q:v", "3", "baseline.jpg"], in: workspace.url)
        try ExternalTool.run("jpegtran", ["-progressive", "-outfile", "progressive.jpg", "baseline.jpg"], in: workspace.url)
        try ExternalTool.run("jpegtran", ["-arithmetic", "-outfile", "arithmetic.jpg", "baseline.jpg"], in: workspace.url)
    }

    func bytes(_ name: String, in workspace: Workspace) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: workspace.path(name))))
    }

    /// Runs `still NAME b.png` (A's first frame), with `extra` options; expects exactly the one
    /// stderr line given, and an output only when the run succeeds.
    func expectRun(_ name: String, _ extra: [String] = [], in workspace: Workspace, status: Int32, stderr line: String,
                   sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = workspace.files
        let result = try workspace.run(["still", name, "b.png", "--at", "0", "-o", "first.png"] + extra)
        #expect(result.status == status, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.errorLines == [line], sourceLocation: sourceLocation)
        #expect(workspace.files == (status == 0 ? before.union(["first.png"]) : before), sourceLocation: sourceLocation)
        try? FileManager.default.removeItem(atPath: workspace.path("first.png"))
    }

    @Test(arguments: ["baseline.jpg", "progressive.jpg"], [Cut.atByte(1000), .atPercent(90)])
    func jpegCutShortIsRefusedUnlessDamageIsAllowed(source: String, cut: Cut) throws {
        let workspace = try Workspace()
        try makeJPEGs(in: workspace)
        try workspace.write("cut.jpg", cut.apply(to: try bytes(source, in: workspace)))
        let reason = "cut.jpg: damaged image data (the file ends before the picture does)"
        try expectRun("cut.jpg", in: workspace, status: 1, stderr: "Error: \(reason); --allow-damaged uses the part that decodes")
        try expectRun("cut.jpg", ["--allow-damaged"], in: workspace, status: 0, stderr: "warning: \(reason); using what could be decoded")
    }

    /// Cut before its first scan starts, a JPEG decodes to nothing either way: the option that
    /// accepts damage is not offered. From the scan's marker on, it is, and gives a picture.
    @Test func aJPEGCutBeforeItsPictureIsNotToldToAcceptDamage() throws {
        let workspace = try Workspace()
        try makeJPEGs(in: workspace)
        let jpeg = try bytes("baseline.jpg", in: workspace)
        let scan = try #require((0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
        let reason = "cut.jpg: damaged image data (the file ends before the picture does)"
        for end in [2, scan / 2, scan] {
            try workspace.write("cut.jpg", Array(jpeg.prefix(end)))
            try expectRun("cut.jpg", in: workspace, status: 1, stderr: "Error: \(reason)")
            try expectRun("cut.jpg", ["--allow-damaged"], in: workspace, status: 1, stderr: "Error: \(reason)")
        }
        try workspace.write("cut.jpg", Array(jpeg.prefix(scan + 2)))
        try expectRun("cut.jpg", in: workspace, status: 1, stderr: "Error: \(reason); --allow-damaged uses the part that decodes")
        try expectRun("cut.jpg", ["--allow-damaged"], in: workspace, status: 0, stderr: "warning: \(reason); using what could be decoded")
    }

    /// `garbled.jpg`: the baseline JPEG with bytes inside its picture's data overwritten (64 bytes
    /// of stuffed 0xFF: Huffman codes no table has).
    func writeGarbledJPEG(in workspace: Workspace) throws {
        try makeJPEGs(in: workspace)
        var jpeg = try bytes("baseline.jpg", in: workspace)
        let scan = try #require((0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
        let middle = scan + (jpeg.count - scan) / 3
        for i in stride(from: middle, to: middle + 64, by: 2) { (jpeg[i], jpeg[i + 1]) = (0xFF, 0x00) }
        try workspace.write("garbled.jpg", jpeg)
    }

    /// Data that cannot be read (`writeGarbledJPEG`): FFmpeg's JPEG decoder would paint the
    /// blocks it cannot read and say nothing.
    @Test func jpegWithUnreadableDataIsRefusedUnlessDamageIsAllowed() throws {
        let workspace = try Workspace()
        try writeGarbledJPEG(in: workspace)

        let refused = try workspace.run("still", "garbled.jpg", "b.png", "--at", "0", "-o", "first.png")
        #expect(refused.status == 1)
        #expect(refused.errorLines.count == 1, "\(refused.stderr)")
        #expect(refused.stderr.hasPrefix("Error: garbled.jpg: damaged image data (FFmpeg: "), "\(refused.stderr)")
        #expect(refused.stderr.hasSuffix("); --allow-damaged uses the part that decodes\n"), "\(refused.stderr)")
        let accepted = try workspace.run("still", "garbled.jpg", "b.png", "--at", "0", "-o", "first.png", "--allow-damaged")
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.errorLines.count == 1, "\(accepted.stderr)")
        #expect(accepted.stderr.hasPrefix("warning: garbled.jpg: damaged image data (FFmpeg: "), "\(accepted.stderr)")
        #expect(accepted.stderr.hasSuffix("); using what could be decoded\n"), "\(accepted.stderr)")
        #expect(try ImageDecoder.decode(contentsOf: workspace.path("first.png")).size == PixelSize(width: 320, height: 240))
    }

    /// PNG and WebP decoders refuse a cut picture themselves: --allow-damaged cannot save it, and
    /// the error stays one line (no warning before it).
    @Test(arguments: ["png", "webp"])
    func pngOrWebPCutShortIsRefusedEvenWhenDamageIsAllowed(format: String) throws {
        let workspace = try Workspace()
        try ExternalTool.ffmpeg(["-i", "a.png", "whole.\(format)"], in: workspace.url)
        let whole = try bytes("whole.\(format)", in: workspace)
        try workspace.write("cut.\(format)", Cut.atPercent(90).apply(to: whole))
        let line = "Error: cut.\(format): damaged image data (the file ends before the picture does)"
        try expectRun("cut.\(format)", in: workspace, status: 1, stderr: line)
        try expectRun("cut.\(format)", ["--allow-damaged"], in: workspace, status: 1, stderr: line)
    }

    /// An image decoded twice in one run (a looping slideshow's first slide) warns once.
    @Test func damagedSlideWarnsOnce() throws {
        let workspace = try Workspace()
        try makeJPEGs(in: workspace)
        try workspace.write("cut.jpg", Cut.atPercent(90).apply(to: try bytes("baseline.jpg", in: workspace)))
        let result = try workspace.run("slideshow", "cut.jpg", "b.png", "--loop", "--hold", "0.2", "--duration", "0.2", "--fps", "10",
                                       "--size", "64x48", "--allow-damaged", "-o", "show.mp4")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.errorLines == ["warning: cut.jpg: damaged image data (the file ends before the picture does); using what could be decoded"])
    }

    /// A damaged slide late in a show (its images decoded ahead of the frames, on a thread of
    /// their own) fails the show with the one line naming it, and leaves nothing behind.
    @Test func aDamagedLaterSlideIsOneLineNamingIt() throws {
        let workspace = try Workspace()
        try makeJPEGs(in: workspace)
        try workspace.write("cut.jpg", Cut.atPercent(90).apply(to: try bytes("baseline.jpg", in: workspace)))
        let result = try workspace.run("slideshow", "a.png", "b.png", "a.png", "cut.jpg", "b.png", "--hold", "0.2", "--duration", "0.2",
                                       "--fps", "10", "--size", "64x48", "-o", "show.mp4")
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: cut.jpg: damaged image data (the file ends before the picture does); --allow-damaged uses the part that decodes"])
        #expect(!workspace.files.contains("show.mp4") && workspace.partials(of: "show.mp4").isEmpty)
    }

    /// B, damaged inside a whole file, after A held: found before the first frame (it was found
    /// when the transition reached it, after the hold's frames; a flip held two minutes on A
    /// failed after them).
    @Test func aDamagedSecondImageAfterAHoldFailsBeforeTheFirstFrame() throws {
        let workspace = try Workspace()
        try writeGarbledJPEG(in: workspace)
        let result = try workspace.run("a.png", "garbled.jpg", "--hold", "2,0", "--duration", "0.2", "--fps", "10", "-o", "out.mp4",
                                       "--progress", "json")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty, "no frame was drawn: \(result.stdout)")
        #expect(result.errorLines.count == 1 && result.stderr.hasPrefix("Error: garbled.jpg: damaged image data (FFmpeg: "), "\(result.stderr)")
    }

    /// A job line's refusal names the job's key that would use the picture, not the option.
    @Test func aJobLineIsToldTheKeyThatAcceptsDamage() throws {
        let workspace = try Workspace()
        try makeJPEGs(in: workspace)
        try workspace.write("cut.jpg", Cut.atPercent(90).apply(to: try bytes("baseline.jpg", in: workspace)))
        try workspace.write("jobs.jsonl", Array(#"{"images": ["cut.jpg", "b.png"], "output": "out.mp4", "duration": 0.2}"#.utf8))
        let result = try workspace.run("batch", "jobs.jsonl", "--quiet")
        #expect(result.status == 1)
        #expect(result.errorLines.first == "failed: jobs.jsonl: line 1: cut.jpg: damaged image data (the file ends before the picture does); 'allow-damaged: true' uses the part that decodes")
    }

    /// `jpeg` with its first scan (SOS segment and entropy-coded data) repeated to `count` scans.
    func repeatingTheFirstScan(of jpeg: [UInt8], toMake count: Int) throws -> [UInt8] {
        let scan = try #require((0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
        let next = try #require((scan + 2..<jpeg.count - 1).first { jpeg[$0] == 0xFF && ![0x00, 0xD0, 0xD1, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7].contains(jpeg[$0 + 1]) })
        return Array(jpeg[..<scan]) + Array(repeating: Array(jpeg[scan..<next]), count: count).flatMap { $0 } + Array(jpeg[next...])
    }

    /// libjpeg-turbo's limit for untrusted files: 500 scans are read, 501 refused before decoding.
    @Test func aJPEGMayHaveAtMost500Scans() throws {
        let workspace = try Workspace()
        try ExternalTool.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=32x32:rate=1", "-frames:v", "1", "small.jpg"], in: workspace.url)
        let small = try bytes("small.jpg", in: workspace)
        try workspace.write("500.jpg", try repeatingTheFirstScan(of: small, toMake: 500))
        try workspace.write("501.jpg", try repeatingTheFirstScan(of: small, toMake: 501))
        let accepted = try workspace.run("still", "500.jpg", "b.png", "--at", "0", "-o", "first.png")
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stderr.isEmpty)
        try expectRun("501.jpg", in: workspace, status: 1,
                      stderr: "Error: 501.jpg: the JPEG has more than 500 scans, the limit (a progressive JPEG has about 10; each scan is another pass over the picture)")
    }

    /// A progressive JPEG's ten scans decode; with one of them repeated to 10 000 scans (each
    /// another pass over every block) it is refused at once.
    @Test func progressiveJPEGOfTenThousandScansIsRefused() throws {
        let workspace = try Workspace()
        try makeJPEGs(in: workspace)
        let progressive = try bytes("progressive.jpg", in: workspace)
        let accepted = try workspace.run("still", "progressive.jpg", "b.png", "--at", "0", "-o", "first.png")
        #expect(accepted.status == 0, "\(accepted.stderr)")
        try FileManager.default.removeItem(atPath: workspace.path("first.png"))
        try workspace.write("scans.jpg", try repeatingTheFirstScan(of: progressive, toMake: 10_000))
        try expectRun("scans.jpg", in: workspace, status: 1,
                      stderr: "Error: scans.jpg: the JPEG has more than 500 scans, the limit (a progressive JPEG has about 10; each scan is another pass over the picture)")
    }

    /// FFmpeg logs about an arithmetic-coded JPEG ("[mjpeg @ 0x…] mjpeg: unsupported coding type
    /// (c9)") before failing, and printed that itself. Now the look at the file finds it before
    /// FFmpeg reads it, in one line; as a later slide it is named before the show starts (it
    /// failed the show when its slide was reached).
    @Test func arithmeticCodedJPEGGivesExactlyOneLine() throws {
        let workspace = try Workspace()
        try makeJPEGs(in: workspace)
        let line = "Error: arithmetic.jpg: this JPEG is not supported (it is arithmetic-coded, which FFmpeg's JPEG decoder does not read; "
            + "save it with Huffman coding, as cameras and most programs do); supported: "
            + "PNG, APNG, JPEG, WebP (still or animated), GIF, BMP, TIFF or PSD of 8 or 16 bits per channel, HEIC and AVIF"
        try expectRun("arithmetic.jpg", in: workspace, status: 1, stderr: line)
        let show = try workspace.run("slideshow", "a.png", "b.png", "a.png", "arithmetic.jpg", "--size", "64x48", "--progress", "json", "-o", "show.mp4")
        #expect(show.status == 1)
        #expect(show.errorLines == [line])
        #expect(show.stdout.isEmpty, "no frame was rendered: \(show.stdout)")
    }

    /// A JPEG of nothing but its start and end markers: FFmpeg logs a fatal "No JPEG data found in
    /// image", which it used to print even at the quietest log level.
    @Test func jpegWithoutAPictureGivesExactlyOneLine() throws {
        let workspace = try Workspace()
        try workspace.write("empty.jpg", [0xFF, 0xD8, 0xFF, 0xD9])
        try expectRun("empty.jpg", in: workspace, status: 1, stderr: "Error: empty.jpg: damaged image data (FFmpeg: No JPEG data found in image)")
    }
}
