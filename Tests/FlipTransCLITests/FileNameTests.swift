import Foundation
import Testing

/// File names that are hard to get right: bytes that are not UTF-8 (refused, never written or
/// read under another name), a current folder whose name is not UTF-8 (fine), and the longest
/// names a file system takes (255 bytes: the hidden temporary name must fit too).
struct FileNameTests {
    @Test func anInputNameThatIsNotUTF8IsRefused() throws {
        let workspace = try Workspace()
        let result = try Fliptrans.runShell(#"cp b.png $'b\xff.png' && "$FLIPTRANS" a.png $'b\xff.png' -o out.mp4"#, in: workspace.url)
        #expect(result.status == 1)
        #expect(result.errorLines == [#"Error: b\xFF.png: file names must be UTF-8"#])
        #expect(workspace.files.count == 3 && !workspace.files.contains("out.mp4"))
    }

    /// One in a slideshow's folder, or matched by a spec's glob, was read under a name with U+FFFD
    /// in its place: `photos/b\u{FFFD}.png: no such file`. A note beside it is no image.
    @Test func anImageNameThatIsNotUTF8InAFolderOrGlobIsRefused() throws {
        let workspace = try Workspace()
        let make = #"mkdir photos && cp a.png photos/a.png && cp b.png $'photos/b\xff.png' && cp b.png $'photos/c\xfe.jpg' && echo x > $'photos/n\xff.txt'"#
        let folder = try Fliptrans.runShell(make + #" && "$FLIPTRANS" slideshow photos -o show.mp4"#, in: workspace.url)
        #expect(folder.status == 1)
        #expect(folder.errorLines == [#"Error: photos/b\xFF.png: file names must be UTF-8, as must 1 more of its images' names"#])
        try workspace.write("show.yaml", Array("slides: [\"photos/a*.png\", \"photos/b*.png\"]\n".utf8))
        let glob = try Fliptrans.runShell(#""$FLIPTRANS" slideshow --spec show.yaml -o show.mp4"#, in: workspace.url)
        #expect(glob.errorLines.last == #"Error: show.yaml: slide 2: photos/b\xFF.png: file names must be UTF-8"#, "\(glob.stderr)")
        #expect(!workspace.files.contains("show.mp4"))
    }

    /// `?` and `[…]` in a spec's glob match a character, not a byte: `caf?.png` missed café.png.
    @Test func aGlobMatchesCharacters() throws {
        let workspace = try Workspace()
        try FileManager.default.copyItem(atPath: workspace.path("a.png"), toPath: workspace.path("café.png"))
        try FileManager.default.copyItem(atPath: workspace.path("b.png"), toPath: workspace.path("日.png"))
        try workspace.write("show.yaml", Array("slides: [\"caf?.png\", \"[!a-z].png\"]\nhold: 0.1\n".utf8))
        let result = try workspace.run("slideshow", "--spec", "show.yaml", "-o", "show.mp4", "--duration", "0.2", "--fps", "10")
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// A name typed with `é` (NFC) for a file stored with `e` + U+0301 (NFD), as macOS and zips
    /// write names: "no such file" said nothing of why.
    @Test func aNameInTheOtherUnicodeFormIsExplained() throws {
        let workspace = try Workspace()
        try FileManager.default.copyItem(atPath: workspace.path("a.png"), toPath: workspace.path("cafe\u{301}.png"))
        let result = try workspace.run("café.png", "b.png", "-o", "out.mp4")
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: café.png: no such file, though the folder has a file of that name with its accents stored apart from their letters (NFD), as macOS or a zip may write names; rename it to the form given"])
    }

    /// A file named `-ha` is no option: read as bundled flags, `-h` printed the help and exited 0.
    /// One named with a typographic dash is a file, as an output too.
    @Test func namesThatStartWithDashesAreFilesOrRefused() throws {
        let workspace = try Workspace()
        try FileManager.default.copyItem(atPath: workspace.path("a.png"), toPath: workspace.path("-ha"))
        let refused = try workspace.run("-ha", "b.png", "-o", "out.mp4")
        #expect(refused.status == 2)
        #expect(refused.errorLines.first == "Error: '-ha' is read as an option; give a file whose name begins with '-' as ./-ha")
        let typographic = try workspace.run("still", "a.png", "b.png", "--at", "0.5", "-o", "—out.png", "--size", "64x48")
        #expect(typographic.status == 0, "\(typographic.stderr)")
        #expect(workspace.files.contains("—out.png"))
    }

    @Test func anOutputNameThatIsNotUTF8IsRefused() throws {
        let workspace = try Workspace()
        let before = workspace.files
        let result = try Fliptrans.runShell(#""$FLIPTRANS" a.png b.png -o $'out\xff\xfe.mp4' --duration 0.2 --fps 10"#, in: workspace.url)
        #expect(result.status == 1)
        #expect(result.errorLines == [#"Error: out\xFF\xFE.mp4: file names must be UTF-8"#])
        #expect(workspace.files == before)
    }

    /// Names FFmpeg would read as URLs are files: `pipe:0` read standard input (and hung on an
    /// open one), `concat:DIR/a.png` another file than the one checked, `pipe:1` wrote stdout.
    @Test func namesThatLookLikeFFmpegURLsAreFiles() throws {
        let workspace = try Workspace()
        let script = [
            #"cp a.png 'pipe:0' && mkdir -p "concat:$PWD" 'pipe:1' && cp b.png "concat:$PWD/a.png""#,
            #"echo not-a-picture | "$FLIPTRANS" still 'pipe:0' "concat:$PWD/a.png" --at 0.5 -o mid.png"#,
            #""$FLIPTRANS" still a.png b.png --at 0.5 -o expected.png && cmp mid.png expected.png"#,
            #""$FLIPTRANS" a.png b.png -o 'pipe:1/f%d.png' --duration 0.2 --fps 10"#,
            #""$FLIPTRANS" a.png b.png -o 'pipe:1.mp4' --duration 0.2 --fps 10 && ls 'pipe:1' && test -s 'pipe:1.mp4'"#,
        ].joined(separator: " && ")
        let result = try Fliptrans.runShell(script, in: workspace.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "f1.png\nf2.png\n")
    }

    /// Relative paths stay relative, so the kernel finds them in the real current folder.
    @Test func aCurrentFolderWhoseNameIsNotUTF8Works() throws {
        let workspace = try Workspace()
        let result = try Fliptrans.runShell(#"mkdir $'d\xff' && cd $'d\xff' && cp ../a.png ../b.png . && "$FLIPTRANS" a.png b.png -o out.mp4 --duration 0.2 --fps 10 && ls -A"#,
                                            in: workspace.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "a.png\nb.png\nout.mp4\n")
    }

    @Test(arguments: [
        ([], String(repeating: "x", count: 251) + ".mp4", ["--duration", "0.2", "--fps", "10"]),
        (["still"], String(repeating: "é", count: 125) + "x.png", ["--at", "0.5"]),
    ])
    func anOutputNameOf255BytesIsWritten(command: [String], output: String, options: [String]) throws {
        let workspace = try Workspace()
        #expect(output.utf8.count == 255)
        let result = try workspace.run(command + ["a.png", "b.png", "-o", output] + options)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(workspace.files == ["a.png", "b.png", output])
    }

    /// One byte more is refused before any work, not when the finished file is moved into place;
    /// a sequence's frames are held to it too.
    @Test(arguments: [
        String(repeating: "x", count: 252) + ".mp4",
        "frames/" + String(repeating: "f", count: 248) + "%04d.png",
    ])
    func anOutputNameOf256BytesIsRefusedAtOnce(output: String) throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("frames"), withIntermediateDirectories: false)
        let result = try workspace.run("a.png", "b.png", "-o", output, "--duration", "0.2", "--fps", "10")
        let file = output.replacingOccurrences(of: "%04d", with: "0002")  // the last of 2 frames, the longest name
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: \(file): the file name is 256 bytes long, and its folder takes names of at most 255"])
        #expect(workspace.files == ["a.png", "b.png", "frames"])
    }
}
