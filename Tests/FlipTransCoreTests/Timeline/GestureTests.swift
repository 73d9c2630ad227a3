import Foundation
import Testing
import FlipTransCore

/// The finger's physics against trajectories worked by hand, at 30 and 60 fps; every rule that
/// decides whether a gesture completes or returns; exact end frames.
struct GestureTests {
    private func clip(_ script: String, fps: Int, transition: any Transition = try! Flip(),
                      physics: ReleasePhysics = .standard) throws -> TransitionClip {
        try TransitionClip(transition: transition, gesture: try Gesture(.script(try GestureScript.parse(script)), physics: physics),
                           fps: FrameRate(fps))
    }

    private func motion(_ script: String) throws -> GestureMotion {
        let gesture = try Gesture(.script(try GestureScript.parse(script)))
        return gesture.motion(direction: .left, frame: nil)
    }

    /// Let go at progress 0.2 moving at 0.5 a second (0 → 0.2 in 0.4 s): forward, since 0.5 is
    /// over the 0.1 threshold; below the minimum speed 1, so the speed eases up to T = 1 with
    /// τ = 0.2 s: v(s) = 1 − 0.5·e^(−5s), p(s) = 0.2 + s − 0.1·(1 − e^(−5s)).
    ///   s = 0.1: p = 0.3 − 0.1·(1 − e^(−0.5)) = 0.2606531, v = 1 − 0.5·0.6065307 = 0.6967347
    ///   s = 0.2: p = 0.4 − 0.1·(1 − e^(−1))   = 0.3367879, v = 1 − 0.5·0.3678794 = 0.8160603
    ///   s = 0.5: p = 0.7 − 0.1·(1 − e^(−2.5)) = 0.6082085, v = 1 − 0.5·0.0820850 = 0.9589575
    /// Frame i shows i/fps seconds, so 30 and 60 fps show the same progress at the same time.
    static let handWorked: [(after: Double, progress: Double, speed: Double)] = [
        (0.1, 0.2606531, 0.6967347), (0.2, 0.3367879, 0.8160603), (0.5, 0.6082085, 0.9589575),
    ]

    @Test(arguments: [30, 60])
    func releaseFollowsTheHandWorkedTrajectory(fps: Int) throws {
        let clip = try clip("0:0 0.4:0.2", fps: fps)
        let motion = try motion("0:0 0.4:0.2")
        for (after, progress, speed) in Self.handWorked {
            let frame = Int(((0.4 + after) * Double(fps)).rounded())
            #expect(abs(clip.timeFraction(ofFrame: frame) - progress) < 1e-6, "at \(fps) fps, \(after) s after the lift")
            #expect(abs(motion.release.speed(after: after) - speed) < 1e-6)
        }
    }

    /// The phone apps' own rule steps the speed frame by frame (p += v·dt, then v += (T − v)·dt/τ);
    /// its result depends on dt. At 1 ms steps it agrees with the closed form to 10⁻³; the clip's
    /// frames at 30 and 60 fps sample one trajectory, and both videos last the motion's length to
    /// within a frame.
    @Test func theResultDoesNotDependOnTheFrameRate() throws {
        let motion = try motion("0:0 0.4:0.2")
        var (p, v) = (0.2, 0.5)
        let dt = 0.001
        for step in 1...500 {
            p += v * dt
            v += (1 - v) * dt / 0.2
            if step % 100 == 0 { #expect(abs(p - motion.release.progress(after: Double(step) * dt)) < 1e-3) }
        }
        let (at30, at60) = (try clip("0:0 0.4:0.2", fps: 30), try clip("0:0 0.4:0.2", fps: 60))
        for frame in 0..<at30.frameCount - 1 {
            #expect(at30.timeFraction(ofFrame: frame) == at60.timeFraction(ofFrame: 2 * frame))
        }
        let lengths = [(at30, 30.0), (at60, 60.0)].map { Double($0.frameCount - 1) / $1 }
        #expect(lengths.allSatisfy { $0 >= motion.duration && $0 < motion.duration + 1 / 30 })
    }

    /// Every rule deciding the end: the finger's speed at the lift when it is over the threshold
    /// (0.1 a second), otherwise where it let go (from half way on it completes).
    static let rules: [(name: String, script: String, completes: Bool)] = [
        ("forward", "0:0 0.3:0.3", true),
        ("backward", "0:0 0.5:0.7 0.7:0.6", false),
        ("still below half", "0:0 0.5:0.4 1:0.4", false),
        ("still past half", "0:0 0.5:0.6 1:0.6", true),
        ("still at exactly half", "0:0 0.5:0.5 1:0.5", true),
        ("drifting back under the threshold past half", "0:0 0.5:0.6 1.5:0.55", true),
        ("quick flick", "0:0 0.05:0.3", true),
        ("withdrawal after passing half", "0:0 0.4:0.7 0.6:0.55", false),
        ("a tap", "0.2:0", false),
    ]

    @Test(arguments: rules)
    func completionRules(name: String, script: String, completes: Bool) throws {
        for fps in [30, 60] {
            let clip = try clip(script, fps: fps)
            #expect(clip.completes == completes, "\(name)")
            #expect(clip.timeFraction(ofFrame: clip.frameCount - 1) == (completes ? 1 : 0), "\(name): ends exactly")
        }
    }

    /// A flick at 6 a second is held to the maximum, 4, and keeps it (it is over the minimum):
    /// the remaining 0.7 takes 0.175 s.
    @Test func aQuickFlickIsHeldToTheMaximumSpeed() throws {
        let motion = try motion("0:0 0.05:0.3")
        #expect(motion.release.speed(after: 0) == 4)
        #expect(abs(motion.release.duration - 0.175) < 1e-9)
        #expect(abs(motion.release.progress(after: 0.1) - 0.7) < 1e-12)
    }

    /// Let go still at 0.4: the speed eases from 0 toward −1, p(s) = 0.4 − s + 0.2·(1 − e^(−5s)),
    /// which reaches 0 at s = 0.58951 (0.4 − 0.58951 + 0.2·(1 − e^(−2.94753)) = 0.4 − 0.58951 + 0.2·0.94753
    /// = 0.00000): 1.2 + 0.58951 s in all, ⌈1.78951 × 30⌉ + 1 = 55 frames at 30 fps.
    @Test func aStillFingerBelowHalfReturnsAtTheEasedSpeed() throws {
        let motion = try motion("0:0 0.6:0.4 1.2:0.4")
        #expect(!motion.completes)
        #expect(abs(motion.release.duration - 0.58951) < 1e-5)
        #expect(abs(motion.duration - 1.78951) < 1e-5)
        #expect(try clip("0:0 0.6:0.4 1.2:0.4", fps: 30).frameCount == 55)
    }

    /// docs/gestures.md's and the README's worked example: a drag to 40 %, a pause, a release
    /// (55 frames, back on A); the same with a flick at the end (49 frames, on to B).
    @Test func theWorkedExample() throws {
        let still = try clip("0:0 0.6:0.4 1.2:0.4", fps: 30)
        #expect(!still.completes && still.frameCount == 55)
        let flick = try clip("0:0 0.6:0.4 1.2:0.4 1.3:0.55", fps: 30)
        #expect(flick.completes && flick.frameCount == 49)
    }

    /// While the finger holds it, the transition is where the finger is: linear between samples.
    @Test func theFingerSetsTheTimeFraction() throws {
        let clip = try clip("0.1:0 0.5:0.4 1:0.4", fps: 10)
        #expect(clip.timeFraction(ofFrame: 0) == 0)
        #expect(abs(clip.timeFraction(ofFrame: 3) - 0.2) < 1e-12)
        #expect(abs(clip.timeFraction(ofFrame: 7) - 0.4) < 1e-12)
    }

    /// The whole clip through the renderer: its first frame is A and its last B or A, 8-bit equal.
    @Test(arguments: [("0:0 0.3:0.7", true), ("0:0 0.3:0.3 0.6:0.3", false)])
    func endFramesAreExact(script: String, completes: Bool) throws {
        let (a, b) = (TestImages.noise(40, 30, seed: 1), TestImages.noise(40, 30, seed: 2))
        for transition in [try Flip(), try Page(), try Clock(), try Fold(style: .cubic)] as [any Transition] {
            let clip = try clip(script, fps: 30, transition: transition)
            let renderer = Renderer()
            #expect(renderer.render(clip.scene(of: [a, b], frame: 0, background: .black)) == a)
            let last = renderer.render(clip.scene(of: [a, b], frame: clip.frameCount - 1, background: .black))
            #expect(last == (completes ? b : a), "\(type(of: transition).name)")
        }
    }

    /// The physics' constants are options: a lower minimum speed makes the return slower.
    @Test func constantsChangeTheMotion() throws {
        let slow = try ReleasePhysics(minimumSpeed: 0.5)
        let gesture = try Gesture(.script(try GestureScript.parse("0:0 0.6:0.4 1.2:0.4")), physics: slow)
        #expect(gesture.motion(direction: .left, frame: nil).release.duration > 0.8)
        #expect(throws: ParameterError(parameter: "release-min-speed", value: "2", expected: "at most --release-max-speed (1)")) {
            try ReleasePhysics(maximumSpeed: 1, minimumSpeed: 2)
        }
        let easing = #expect(throws: ParameterError.self) { try ReleasePhysics(easingTime: 0) }
        #expect(easing?.description == "release-easing must be more than 0 and at most 10 seconds, got 0")
    }

    static let badScripts: [(String, String)] = [
        ("", "no samples"), ("0:0 0.5", "'0.5' is not T:P"), ("0:0 1:1.5", "progress 1.5 is not between 0 and 1"),
        ("0:0 0.6:0.3 0.5:0.4", "time 0.5 follows 0.6"), ("0:0.3 1:0.5", "the first progress is 0.3"),
        ("-1:0", "time -1 is not between 0 and 3600 seconds"), ("0:0 nan:0.5", "'nan:0.5' is not T:P"), ("0:0 0x1:0.5", "'0x1:0.5' is not T:P"),
    ]

    @Test(arguments: badScripts)
    func malformedScriptsSayWhy(script: String, problem: String) {
        let error = #expect(throws: ParameterError.self) { try GestureScript.parse(script) }
        #expect(error?.parameter == "gesture")
        #expect(error?.expected.contains("here " + problem) == true, "\(error?.expected ?? "")")
        #expect(error?.expected.hasPrefix("'T:P T:P …'") == true)
    }

    /// A script given as samples, not text, is held to the same rules: none is no gesture.
    @Test func aGestureOfNoSamplesIsRefused() {
        let error = #expect(throws: ParameterError.self) { try Gesture(.script([])) }
        #expect(error?.expected.hasSuffix("here no samples") == true, "\(error?.expected ?? "")")
    }
}

/// A slideshow in which a gesture returns stays on its slide: the image it would have brought is
/// never shown, and the next transition leaves from the same image.
struct ReturningSlideshowTests {
    @Test func aReturnKeepsTheShowOnItsSlide() throws {
        let images = (0..<3).map { TestImages.noise(24, 16, seed: UInt32(20 + $0)) }
        let returning = try TransitionClip(transition: try Flip(),
                                           gesture: try Gesture(.script(try GestureScript.parse("0:0 0.2:0.3 0.4:0.3"))), fps: 20)
        let plain = try TransitionClip(transition: try Flip(), duration: 0.2, fps: 20)
        let timeline = Timeline.slideshow(holdFrames: [2, 2, 2], transitions: [returning, plain], loop: false)
        #expect(timeline.segments.map(\.images) == [[0], [0, 1], [0], [0, 2], [2]])
        let sink = CollectingSink()
        try TimelinePlayer(background: .black).play(timeline, image: { images[$0] }, into: sink)
        #expect(!sink.frames.contains(images[1]))
        let afterReturn = 2 + returning.frameCount
        #expect(sink.frames[afterReturn - 1] == images[0] && sink.frames[afterReturn] == images[0])
        #expect(sink.frames.last == images[2])
    }

    /// A looping show whose last gesture returns does not end on the first image, so it keeps its
    /// last frame.
    @Test func aReturningLoopBackKeepsItsLastFrame() throws {
        let returning = try TransitionClip(transition: try Flip(),
                                           gesture: try Gesture(.script(try GestureScript.parse("0:0 0.2:0.3 0.4:0.3"))), fps: 20)
        let plain = try TransitionClip(transition: try Flip(), duration: 0.2, fps: 20)
        let timeline = Timeline.slideshow(holdFrames: [1, 1], transitions: [plain, returning], loop: true)
        // The first leaves out the frame the second begins with; the returning one keeps it.
        #expect(timeline.frameCount == 1 + (plain.frameCount - 1) + 1 + returning.frameCount)
    }

    /// In the middle of a show, a flip that returns ends where it began, as the next begins, and
    /// leaves its last frame out; a deck's turn that returns keeps it, as its deck still holds
    /// the image skipped, which the next deck no longer does.
    @Test(arguments: [false, true])
    func aReturningTurnInTheMiddleLeavesItsEndOutUnlessItIsADecks(deck: Bool) throws {
        let transition: any Transition = deck ? try Cards() : try Flip()
        let returning = try TransitionClip(transition: transition,
                                           gesture: try Gesture(.script(try GestureScript.parse("0:0 0.2:0.3 0.4:0.3"))), fps: 20)
        let plain = try TransitionClip(transition: transition, duration: 0.2, fps: 20)
        let timeline = Timeline.slideshow(holdFrames: [1, 1, 1, 1], transitions: [returning, plain, plain], loop: false)
        #expect(timeline.frameCount == 4 + (returning.frameCount - (deck ? 0 : 1)) + (plain.frameCount - 1) + plain.frameCount)
    }
}
