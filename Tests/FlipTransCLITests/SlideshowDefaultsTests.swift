import FlipTransCore
import FlipTransMedia
import Foundation
import Testing

/// Defaults that suit photos: a frame players can play, said on stderr, and warnings for choices
/// they cannot.
struct SlideshowDefaultsTests {
    /// A short show of one large image of `width`×`height`.
    func show(_ width: Int, _ height: Int, _ extra: [String] = []) throws -> (CommandResult, Workspace) {
        let workspace = try Workspace()
        try PNGWriter.write(Image(width: width, height: height, filledWith: Color(red: 90, green: 140, blue: 30)), to: workspace.path("photo.png"))
        let result = try workspace.run(["slideshow", "photo.png", "-o", "show.mp4", "--fps", "5", "--hold", "0.4", "--preset", "ultrafast"] + extra)
        return (result, workspace)
    }

    /// A portrait photo's box is Full HD turned, and the note names it so.
    @Test(arguments: [(2400, 1800, 1440, 1080, "1920x1080"), (1800, 2400, 1080, 1440, "1080x1920"), (2001, 999, 1920, 958, "1920x1080")])
    func withoutASizeAPhotoIsScaledToFitFullHD(width: Int, height: Int, frameWidth: Int, frameHeight: Int, box: String) throws {
        let (result, workspace) = try show(width, height)
        #expect(result.status == 0, "\(result.stderr)")
        let video = try ProbedVideo(path: workspace.path("show.mp4"))
        #expect(video.width == frameWidth && video.height == frameHeight)
        #expect(result.errorLines == ["note: frame size \(frameWidth)x\(frameHeight): the first image (photo.png, \(width)x\(height)) scaled to fit \(box); give --size WxH for another size, or --size source for the image's own"])
    }

    @Test func aSmallPhotoKeepsItsSizeWithoutANote() throws {
        let (result, workspace) = try show(640, 480)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(try ProbedVideo(path: workspace.path("show.mp4")).width == 640)
    }

    /// A small first photo followed by larger ones still sets the frame, but a note says the
    /// others are shrunk into it and which size would fit Full HD (turned for a portrait photo).
    @Test(arguments: [(640, 480, "1440x1080", "1920x1080"), (480, 640, "1080x1440", "1080x1920")])
    func aSmallFirstPhotoBeforeLargerOnesGetsANote(width: Int, height: Int, fitted: String, box: String) throws {
        let workspace = try Workspace()
        try PNGWriter.write(Image(width: width, height: height, filledWith: .white), to: workspace.path("small.png"))
        try PNGWriter.write(Image(width: 2400, height: 1800, filledWith: .black), to: workspace.path("large.png"))
        let result = try workspace.run("slideshow", "small.png", "large.png", "-o", "show.mp4", "--fps", "5", "--hold", "0.2",
                                       "--duration", "0.4", "--preset", "ultrafast")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.errorLines == ["note: frame size \(width)x\(height), the first image's; larger images (up to large.png, 2400x1800) are shrunk into it; give --size WxH for a larger frame, such as --size \(fitted) to fit \(box)"])
        let video = try ProbedVideo(path: workspace.path("show.mp4"))
        #expect(video.width == width && video.height == height)
    }

    /// A later photo only wider than the first (or only taller) is shrunk too, and noted.
    @Test func aPhotoWiderOnlyThanTheFirstGetsTheNoteToo() throws {
        let workspace = try Workspace()
        try PNGWriter.write(Image(width: 640, height: 480, filledWith: .white), to: workspace.path("small.png"))
        try PNGWriter.write(Image(width: 1000, height: 300, filledWith: .black), to: workspace.path("wide.png"))
        let result = try workspace.run("slideshow", "small.png", "wide.png", "-o", "show.mp4", "--fps", "5", "--hold", "0.2",
                                       "--duration", "0.4", "--preset", "ultrafast")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.errorLines == ["note: frame size 640x480, the first image's; larger images (up to wide.png, 1000x300) are shrunk into it; give --size WxH for a larger frame, such as --size 1440x1080 to fit 1920x1080"])
    }

    /// One side given alone sets it; the other follows the first photo's shape, to the nearest
    /// even side for video, quietly.
    @Test(arguments: [(2400, 1800, "640x", 640, 480), (2400, 1800, "x720", 960, 720), (1800, 2400, "X1440", 1080, 1440), (2001, 999, "640x", 640, 320)])
    func oneSideGivenTheOtherFollowsThePhoto(width: Int, height: Int, size: String, frameWidth: Int, frameHeight: Int) throws {
        let (result, workspace) = try show(width, height, ["--size", size])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let video = try ProbedVideo(path: workspace.path("show.mp4"))
        #expect(video.width == frameWidth && video.height == frameHeight)
    }

    /// Without even sides to keep, the other side is the nearest pixel; a shape that would make it
    /// shorter than the shortest side allowed is told so.
    @Test func oneSideOfAStillOrAnExtremeShape() throws {
        let workspace = try Workspace()
        try PNGWriter.write(Image(width: 2400, height: 1800, filledWith: .white), to: workspace.path("photo.png"))
        try PNGWriter.write(Image(width: 4000, height: 100, filledWith: .white), to: workspace.path("strip.png"))
        let still = try workspace.run("still", "photo.png", "b.png", "--at", "0", "-o", "still.png", "--size", "101x")
        #expect(still.status == 0 && still.stderr.isEmpty, "\(still.stderr)")
        #expect(try ImageDecoder.decode(contentsOf: workspace.path("still.png")).size == PixelSize(width: 101, height: 76))
        let strip = try workspace.run("still", "strip.png", "b.png", "--at", "0", "-o", "strip-still.png", "--size", "320x")
        #expect(strip.status == 0)
        #expect(strip.errorLines == ["warning: the first image (strip.png, 4000x100) scaled to 320x would be 8 pixels the other way; the frame is 320x16, as sides must be between 16 and 8192"])
        let tooLong = try workspace.run("still", "photo.png", "b.png", "--at", "0", "-o", "long.png", "--size", "x9000")
        #expect(tooLong.status == 1 && tooLong.errorLines == ["Error: --size must be WIDTHx or xHEIGHT with the side between 16 and 8192 pixels, got x9000"])
    }

    @Test func sizeSourceKeepsThePhotosSizeAndWarnsOfItsLevel() throws {
        let (result, workspace) = try show(2400, 1800, ["--size", "source"])
        #expect(result.status == 0, "\(result.stderr)")
        let video = try ProbedVideo(path: workspace.path("show.mp4"))
        #expect(video.width == 2400 && video.height == 1800)
        #expect(result.errorLines == ["warning: show.mp4: 2400x1800 at 5 fps needs H.264 level 5, which many TVs, older phones and browsers cannot play; 1920x1080 or smaller at up to 60 fps (level 4.2) plays everywhere"])
        // The level named is the one x264 wrote.
        #expect(try DecodedOutput.probe(workspace.path("show.mp4"), ["level"], in: workspace.url)["level"] == "50")
    }

    @Test func crfZeroWarnsThatFewPlayersPlayIt() throws {
        let (result, _) = try show(64, 48, ["--crf", "0"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.errorLines == ["warning: show.mp4: --crf 0 makes lossless H.264 (the High 4:4:4 Predictive profile), which most players cannot play; --crf 1 or more gives the High profile they do"])
    }

    @Test func fullHDAtSixtyIsQuiet() throws {
        let workspace = try Workspace()
        let result = try workspace.run("slideshow", "a.png", "-o", "show.mp4", "--size", "1920x1080", "--fps", "60", "--hold", "0.05")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    }
}
