import Testing
import FlipTransCore

/// A transition written outside the library that builds its scene at a size of its own.
private struct Shrunk: Transition {
    static let name = "shrunk"
    init(settings: TransitionSettings) {}
    var defaultTiming: any Timing { TimingCurve.linear }

    func scene(of images: [Image], progress e: Double, background: Color) -> Scene {
        Scene(size: PixelSize(width: 10, height: 10), background: background, panels: [])
    }
}

/// The player refuses a scene of another size than the frame's with an error naming the
/// transition, where the renderer would have stopped the process.
struct SceneSizeTests {
    @Test func aSceneOfAnotherSizeIsRefusedNamingTheTransition() throws {
        let clip = try TransitionClip(transition: Shrunk(settings: TransitionSettings()), duration: 0.1, fps: 30)
        let images = [TestImages.solid(64, 48, .black), TestImages.solid(64, 48, .black)]
        let sink = CollectingSink()
        #expect(throws: TransitionError.sceneSize(transition: "shrunk", scene: PixelSize(width: 10, height: 10), frame: PixelSize(width: 64, height: 48))) {
            try TimelinePlayer(background: .black).play(Timeline(clip: clip, holdFrames: 0), image: { images[$0] }, into: sink)
        }
        #expect(sink.frames.isEmpty)
        #expect("\(TransitionError.sceneSize(transition: "shrunk", scene: PixelSize(width: 10, height: 10), frame: PixelSize(width: 64, height: 48)))"
                == "transition 'shrunk' built a 10x10 scene for a 64x48 frame; a scene has the size of the images it is given")
    }
}
