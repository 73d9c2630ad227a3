import Foundation
import FlipTransCore
import FlipTransMedia
import Testing

struct StillCommandTests {
    @Test(arguments: [("0", "a.png"), ("1", "b.png")])
    func endsOfTheTransitionAreTheInputsExactly(at: String, expected: String) throws {
        let workspace = try Workspace()
        let result = try workspace.run("still", "a.png", "b.png", "--at", at, "-o", "frame.png")
        #expect(result.status == 0, "\(result.stderr)")
        let frame = try ImageDecoder.decode(contentsOf: workspace.path("frame.png"))
        #expect(frame == (try ImageDecoder.decode(contentsOf: workspace.path(expected))))
    }

    /// A poster as a JPEG: the frame the PNG still has, in full-resolution colour, to within
    /// JPEG's loss; transparency, which JPEG cannot keep, is refused before any work.
    @Test func aStillMayBeAJPEG() throws {
        let workspace = try Workspace()
        #expect(try workspace.run("still", "a.png", "b.png", "--at", "0.3", "-o", "frame.png").status == 0)
        let result = try workspace.run("still", "a.png", "b.png", "--at", "0.3", "-o", "poster.jpg")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let probed = try DecodedOutput.probe(workspace.path("poster.jpg"), ["codec_name", "pix_fmt"], in: workspace.url)
        #expect(probed["codec_name"] == "mjpeg" && probed["pix_fmt"] == "yuvj444p")
        let (jpeg, png) = (try ImageDecoder.decode(contentsOf: workspace.path("poster.jpg")), try ImageDecoder.decode(contentsOf: workspace.path("frame.png")))
        #expect(jpeg.size == png.size)
        let worst = zip(jpeg.pixels, png.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 255
        #expect(worst <= 24, "largest difference \(worst)")
        let transparent = try workspace.run("still", "a.png", "b.png", "--at", "0.3", "-o", "clear.jpg", "--background", "transparent")
        #expect(transparent.status == 1)
        #expect(transparent.errorLines == ["Error: clear.jpg: a JPEG image cannot keep transparency (--background transparent or translucent); write .png, or give an opaque --background"])
        #expect(workspace.files == ["a.png", "b.png", "frame.png", "poster.jpg"])
    }

    /// A still and a contact sheet say their pixels are square: the png encoder wrote a pHYs
    /// chunk of 0:1, which viewers read as no resolution or a broken aspect.
    @Test func stillsAndSheetsHaveSquarePixels() throws {
        let workspace = try Workspace()
        #expect(try workspace.run("still", "a.png", "b.png", "--at", "0.5", "-o", "frame.png").status == 0)
        #expect(try workspace.run("sheet", "a.png", "b.png", "--frames", "2", "-o", "sheet.png").status == 0)
        for name in ["frame.png", "sheet.png"] {
            let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: workspace.path(name))))
            let at = try #require((8..<png.count - 4).first { png[$0..<$0 + 4] == [0x70, 0x48, 0x59, 0x73] }, "\(name) has a pHYs chunk")
            #expect(Array(png[at + 4..<at + 13]) == [0, 0, 0, 1, 0, 0, 0, 1, 0], "\(name): pixels per unit 1:1, unit unknown")
        }
    }

    @Test func midTurnShowsTheCardEdgeOnOverTheBackground() throws {
        let workspace = try Workspace()
        let result = try workspace.run("still", "a.png", "b.png", "--at", "0.5", "-o", "mid.png", "--background", "#00ff00")
        #expect(result.status == 0, "\(result.stderr)")
        let frame = try ImageDecoder.decode(contentsOf: workspace.path("mid.png"))
        // Edge-on at mid-turn: the left quarter of the frame is pure background.
        let pixel = frame.pixel(x: 20, y: 60)
        #expect(pixel.r == 0 && pixel.g == 255 && pixel.b == 0)
    }

    /// A CSS colour name is its CSS colour, in any case.
    @Test func aNamedBackgroundIsItsColour() throws {
        let workspace = try Workspace()
        let result = try workspace.run("still", "a.png", "b.png", "-o", "still.png", "--at", "0", "--size", "64x16", "--background", "Teal")
        #expect(result.status == 0, "\(result.stderr)")
        let bar = try ImageDecoder.decode(contentsOf: workspace.path("still.png")).pixel(x: 0, y: 8)
        #expect([bar.r, bar.g, bar.b, bar.a] == [0, 0x80, 0x80, 255], "the bars beside a 4:3 image in a 4:1 frame are teal")
        let translucent = try workspace.run("still", "a.png", "b.png", "-o", "hsl.png", "--at", "0", "--size", "64x16", "--background", "hsl(30 100% 50% / 50%)")
        #expect(translucent.status == 0, "\(translucent.stderr)")
        let orange = try ImageDecoder.decode(contentsOf: workspace.path("hsl.png")).pixel(x: 0, y: 8)
        #expect([orange.r, orange.g, orange.b, orange.a] == [128, 64, 0, 128], "half-transparent orange, premultiplied in memory")
    }

    /// A colour function with arguments it does not take is refused with what it takes.
    @Test func aMalformedColourFunctionIsRefusedWithWhatItTakes() throws {
        let workspace = try Workspace()
        let result = try workspace.run("still", "a.png", "b.png", "-o", "still.png", "--at", "0", "--background", "rgb(255 128)")
        #expect(result.status == 1)
        #expect(result.errorLines == ["Error: --background 'rgb(255 128)' is not a colour; rgb() takes red, green and blue, each 0–255 or 0%–100%, and an optional alpha, 0–1 or 0%–100%: rgb(255 128 0), rgb(255 128 0 / 50%) or rgb(255, 128, 0, 0.5)"])
        try workspace.write("show.yaml", Array("slides:\n  - title: Hi\n    color: hsl(30 100% 50)px\n".utf8))
        let spec = try workspace.run("slideshow", "--spec", "show.yaml", "-o", "show.mp4")
        #expect(spec.errorLines.first?.hasSuffix("slide 1: key 'color' 'hsl(30 100% 50)px' is not a colour; hsl() takes a hue in degrees (or with deg, grad, rad or turn), saturation and lightness, each 0%–100%, and an optional alpha, 0–1 or 0%–100%: hsl(30 100% 50%), hsl(30 100% 50% / 50%) or hsl(30, 100%, 50%, 0.5)") == true, "\(spec.stderr)")
        #expect(workspace.files == ["a.png", "b.png", "show.yaml"])
    }

    /// A still's length changes nothing but a board's stagger: alone it is refused (it was
    /// taken, and the frame came out the same), with a stagger it sets the tiles apart.
    @Test func aDurationIsRefusedUnlessABoardIsStaggered() throws {
        let workspace = try Workspace()
        for command in ["still", "sheet"] {
            let result = try workspace.run(command, "a.png", "b.png", "--at", "0.3", "-o", "\(command).png", "--duration", "5")
            #expect(result.status == 1)
            #expect(result.errorLines == ["Error: --duration changes nothing here, where frames are fractions of the transition, but how far a board's --stagger sets its tiles apart; leave it out"],
                    "\(result.stderr)")
        }
        #expect(workspace.files == ["a.png", "b.png"])
        var frames: [Image] = []
        for duration in ["1", "4"] {
            let result = try workspace.run("still", "a.png", "b.png", "--at", "0.3", "-o", "board\(duration).png",
                                           "--tiles", "4x1", "--stagger", "0.2", "--duration", duration)
            #expect(result.status == 0, "\(result.stderr)")
            frames.append(try ImageDecoder.decode(contentsOf: workspace.path("board\(duration).png")))
        }
        #expect(frames[0] != frames[1])
        // Too long is told as too long (it was told "at least 0.01 seconds").
        let long = try workspace.run("still", "a.png", "b.png", "--at", "0.3", "-o", "long.png", "--tiles", "2x2", "--stagger", "0.01", "--duration", "3601")
        #expect(long.status == 1 && long.errorLines == ["Error: --duration must be more than 0 and at most 3600 seconds, got 3601"], "\(long.stderr)")
    }
}
