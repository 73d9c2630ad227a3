import Testing
import FlipTransCore

/// Touch traces: their drag turned into progress along the transition's way, and the finger drawn
/// where the trace puts it (reading them from text: TouchTraceFileTests).
struct TouchTraceTests {
    /// A drag to the left, held, let go: clock times, taken from the first sample on.
    static let trace = TouchTrace(samples: [(10, Point(140, 60)), (10.5, Point(65, 62)), (11, Point(65, 62))])!

    @Test func timesCountFromTheFirstSample() throws {
        #expect(Self.trace.samples.map(\.time) == [0, 0.5, 1])
        #expect(TouchTrace(samples: []) == nil)
        #expect(TouchTrace(samples: [(0, Point(0, 0)), (0, Point(1, 0))]) == nil)
        #expect(TouchTrace(samples: [(0, Point(0, 0)), (4000, Point(1, 0))]) == nil)
        #expect(TouchTrace(samples: [(0, Point(.nan, 0))]) == nil)
    }

    /// 75 pixels to the left over a 150-pixel drag is half a transition turning left; the same
    /// drag does nothing to one turning right, and a longer one stops at 1.
    @Test func theDragAlongTheWayIsTheProgress() throws {
        let trace = Self.trace
        #expect(trace.fingerSamples(direction: .left, dragDistance: 150).map(\.progress) == [0, 0.5, 0.5])
        #expect(trace.fingerSamples(direction: .right, dragDistance: 150).map(\.progress) == [0, 0, 0])
        #expect(trace.fingerSamples(direction: .left, dragDistance: 50).map(\.progress) == [0, 1, 1])
    }

    /// The default drag distance scales the 150 pixels of a 320-pixel-wide screen to the frame's
    /// shorter side.
    @Test func theDefaultDragDistanceScalesWithTheFrame() throws {
        #expect(FingerPath.defaultDragDistance(frame: PixelSize(width: 1080, height: 1920)) == 506.25)
        #expect(FingerPath.defaultDragDistance(frame: PixelSize(width: 160, height: 120)) == 56.25)
        let gesture = try Gesture(.trace(Self.trace))
        #expect(gesture.needsFrame)
        let clip = try TransitionClip(transition: try Flip(), gesture: gesture, fps: 30)
        let fitted = try clip.fitted(to: PixelSize(width: 160, height: 120))
        // 75 pixels over 56.25 reaches 1 at 0.5 s and stays there until the lift at 1 s: it is
        // complete then, ⌈1 × 30⌉ + 1 frames.
        #expect(fitted.completes && fitted.frameCount == 31)
        #expect(clip.frameCount == 0, "the frame decides the length")
    }

    /// A flick to the left, 24 pixels in 128 ms sampled every 8 ms, let go at t = 0.16: it is
    /// fast enough to complete, even when the recorder repeats the last position as the finger
    /// lifts, or the finger jitters a pixel back in the last 2 ms. The last interval alone made
    /// the speed 0 (so it returned, being under half way), or backward.
    @Test(arguments: [nil, (0.136, 176.0), (0.130, 177.0)] as [(Double, Double)?])
    func aFlickCompletesWhateverItsLastMillisecond(lift: (time: Double, x: Double)?) throws {
        var samples = (0...16).map { (time: Double($0) * 0.008, point: Point(200 - 1.5 * Double($0), 60)) }
        if let lift { samples.append((lift.time, Point(lift.x, 60))) }
        let gesture = try Gesture(.trace(try #require(TouchTrace(samples: samples))), dragDistance: 150)
        let clip = try TransitionClip(transition: try Flip(), gesture: gesture, fps: 30)
        #expect(clip.completes)
    }

    /// With --show-touches the disc lies where the finger is, lighter than what is beneath, and
    /// nowhere else; it fades after the lift.
    @Test func theFingerIsDrawnWhereTheTraceSaysAndFades() throws {
        let (a, b) = (Image(width: 160, height: 120, filledWith: .black), Image(width: 160, height: 120, filledWith: .white))
        let gesture = try Gesture(.trace(Self.trace), dragDistance: 300, showsTouches: true)
        let clip = try TransitionClip(transition: try Flip(), gesture: gesture, fps: 10)
        let renderer = Renderer()
        let first = renderer.render(clip.scene(of: [a, b], frame: 0, background: .black))
        #expect(first.pixel(x: 140, y: 60).g > 90)
        #expect(first.pixel(x: 60, y: 60).g == 0)
        let held = renderer.render(clip.scene(of: [a, b], frame: 7, background: .black))
        #expect(held.pixel(x: 65, y: 62).g > 90 && held.pixel(x: 140, y: 60) == first.pixel(x: 60, y: 60))
        // 0.1 s after the lift (at 1 s) the disc has faded to 60 %; 0.3 s after, it is gone.
        let fading = renderer.render(clip.scene(of: [a, b], frame: 11, background: .black))
        let plain = renderer.render(clip.scene(of: [a, b], at: clip.timeFraction(ofFrame: 11), background: .black))
        #expect(fading != plain)
        let gone = renderer.render(clip.scene(of: [a, b], frame: 13, background: .black))
        #expect(gone == renderer.render(clip.scene(of: [a, b], at: clip.timeFraction(ofFrame: 13), background: .black)))
    }
}
