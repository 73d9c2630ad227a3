/// What a video shows, in order: stills held for some frames and transitions between them.
/// Images are referred to by index so that whoever plays the timeline can load each one only
/// while it is needed.
public struct Timeline: Sendable {
    /// A stretch of the video showing one thing: an image, a transition's still scene, or a
    /// transition as it plays.
    public enum Segment: Sendable {
        /// Image `image` shown unchanged for `frames` frames.
        case hold(image: Int, frames: Int)
        /// A transition's scene at time fraction `at`, held for `frames` frames: a deck shown
        /// between its turns, or a single frame of a transition.
        case still(TransitionClip, images: [Int], at: Double, frames: Int)
        /// A transition over `images` (the current image first).
        case transition(TransitionClip, images: [Int])

        /// The frames the segment shows: a hold's or still's count, or the clip's frames (0 for a
        /// gesture clip not yet fitted to the frame).
        public var frameCount: Int {
            switch self {
            case let .hold(_, frames), let .still(_, _, _, frames): frames
            case let .transition(clip, _): clip.frameCount
            }
        }

        /// The images the segment draws from.
        public var images: [Int] {
            switch self {
            case let .hold(image, _): [image]
            case let .still(_, images, _, _), let .transition(_, images): images
            }
        }

        /// The images its frames show: those it draws from, but for a still at either end of a
        /// transition that does not draw holds, which shows exactly the one image there.
        public var imagesInView: [Int] {
            guard case let .still(clip, images, t, _) = self, !clip.transition.drawsHolds, t == 0 || t == 1 else { return self.images }
            return [images[t == 0 ? 0 : 1]]
        }
    }

    /// The segments in the order they play. Set only by the initialisers, which leave out holds
    /// of no frames (a frame count the output relies on) and keep a slideshow's layout in step.
    public private(set) var segments: [Segment]
    /// A slideshow as it was described, kept so that `fitted(to:)` can lay it out again once
    /// its gestures know the frame (whether one returns decides which images follow, and how
    /// many frames each lasts).
    var slideshowLayout: SlideshowLayout?

    struct SlideshowLayout: Sendable {
        let holdFrames: [Int]
        let transitions: [TransitionClip]
        let loop: Bool
        /// For a show of a length asked for: the holds' seconds, shared out again in proportion
        /// once the gestures' frames are known (`slideshow(holds:transitions:loop:fps:lasting:)`).
        var length: (holds: [Double], seconds: Double, fps: FrameRate)?
    }

    /// Holds and stills of no frames are left out. A transition always stays, as one whose
    /// gesture waits for the frame counts its frames only once `fitted(to:)`.
    public init(segments: [Segment]) {
        self.segments = segments.filter {
            if case .transition = $0 { return true }
            return $0.frameCount > 0
        }
    }

    /// A hold of A, the transition, and a hold of B (images 0 and 1).
    public init(clip: TransitionClip, holdFrames: Int) {
        self.init(clip: clip, holdFramesBefore: holdFrames, after: holdFrames)
    }

    /// A hold of A of `before` frames, the transition, and a hold of B of `after`.
    public init(clip: TransitionClip, holdFramesBefore before: Int, after: Int) {
        self = .slideshow(holdFrames: [before, after], transitions: [clip], loop: false)
    }

    /// One frame: the transition between images 0 and 1 at time fraction `t`, 0 … 1.
    public init(clip: TransitionClip, at t: Double) {
        precondition((0...1).contains(t), "a time fraction is between 0 and 1")
        self.init(segments: [.still(clip, images: [0, 1], at: t, frames: 1)])
    }

    /// A slideshow: image i held for `holdFrames[i]`, then `transitions[i]` to image i + 1. With
    /// `loop`, a last transition leads back to image 0.
    ///
    /// A transition followed by another leaves out its final frame where that picture is the
    /// next transition's first (or, for the loop's last, the video's first): showing it twice
    /// would stall the motion for a frame where transitions run back to back. So every slide is
    /// on screen for its hold plus one frame, the first and last as much as the others. It is
    /// kept where the two differ: between a transition that draws its holds (a deck) and one
    /// that does not, which cut from one to the other, and after a deck's turn that returns,
    /// whose deck still holds the image skipped.
    ///
    /// It takes at least one slide, holds of 0 frames or more, and a transition after every
    /// slide but the last (with `loop`, after the last too); anything else is a programming
    /// error and stops the process.
    ///
    /// A transition draws the current image and as many after it as it asks for (wrapping round
    /// when the show loops). A slide's hold shows the plain image, or — when the transition
    /// leaving it (for the last slide, the one arriving) draws holds — that transition's scene
    /// at its start (or end).
    ///
    /// A transition whose gesture returns leaves the show where it was (docs/gestures.md): the
    /// image it would have brought is never shown; the hold after it shows the same image again,
    /// and the next transition leaves from that image toward the image after the one skipped.
    public static func slideshow(holdFrames: [Int], transitions: [TransitionClip], loop: Bool) -> Timeline {
        let count = holdFrames.count
        precondition(count > 0, "a slideshow needs at least one slide")
        precondition(holdFrames.allSatisfy { $0 >= 0 }, "a hold is at least 0 frames")
        precondition(transitions.count >= (loop ? count : count - 1), "a transition is needed after every slide")
        let looping = loop && count > 1
        let joins = looping ? count : count - 1
        // The image on screen at each slide: the slide's own unless a gesture returned before it.
        var shown = [0]
        for index in 0..<joins where index + 1 < count {
            shown.append(transitions[index].completes ? index + 1 : shown[index])
        }
        /// The images transition `index` draws: the one on screen, then those after the slide.
        func images(at index: Int, for clip: TransitionClip) -> [Int] {
            let wanted = max(2, clip.transition.imageCount)
            let available = looping ? wanted : min(wanted, count - index)
            return [shown[index]] + (1..<available).map { (index + $0) % count }
        }
        func hold(_ index: Int) -> Segment {
            if index < joins, transitions[index].transition.drawsHolds {
                return .still(transitions[index], images: images(at: index, for: transitions[index]), at: 0, frames: holdFrames[index])
            }
            if index > 0, index == joins, transitions[index - 1].transition.drawsHolds {
                return .still(transitions[index - 1], images: images(at: index - 1, for: transitions[index - 1]),
                              at: transitions[index - 1].completes ? 1 : 0, frames: holdFrames[index])
            }
            return .hold(image: shown[index], frames: holdFrames[index])
        }
        /// Whether transition `index` ends on the picture the one after it (the loop's first, after
        /// the loop's last) begins with.
        func endsWhereNextBegins(_ index: Int) -> Bool {
            let isLast = index == joins - 1
            guard !isLast || looping else { return false }
            let clip = transitions[index], next = transitions[(index + 1) % count]
            guard clip.transition.drawsHolds == next.transition.drawsHolds else { return false }
            // The loop's last ends on the first image only if it completes; one in the middle that
            // returns ends where it began, as the next begins, unless its deck skipped an image.
            return isLast ? clip.completes : clip.completes || !clip.transition.drawsHolds
        }
        var segments: [Segment] = []
        for index in 0..<count {
            segments.append(hold(index))
            guard index < joins else { continue }
            let clip = transitions[index]
            segments.append(.transition(endsWhereNextBegins(index) ? clip.leavingOutLastFrame() : clip, images: images(at: index, for: clip)))
        }
        var timeline = Timeline(segments: segments)
        timeline.slideshowLayout = SlideshowLayout(holdFrames: holdFrames, transitions: transitions, loop: loop)
        return timeline
    }

    /// The timeline ready to play in a frame of `size`: refuses what the frame cannot show, and
    /// works out the gestures whose motion depends on the frame's size.
    public func fitted(to size: PixelSize) throws -> Timeline {
        try check(frame: size)
        if let layout = slideshowLayout {
            let transitions = try layout.transitions.map { try $0.fitted(to: size) }
            if let length = layout.length {
                return try .slideshow(holds: length.holds, transitions: transitions, loop: layout.loop, fps: length.fps, lasting: length.seconds)
            }
            return .slideshow(holdFrames: layout.holdFrames, transitions: transitions, loop: layout.loop)
        }
        return Timeline(segments: try segments.map { segment in
            switch segment {
            case .hold: segment
            case let .still(clip, images, t, frames): .still(try clip.fitted(to: size), images: images, at: t, frames: frames)
            case let .transition(clip, images): .transition(try clip.fitted(to: size), images: images)
            }
        })
    }

    /// The frames of the whole video: every segment's added up.
    public var frameCount: Int { segments.reduce(0) { $0 + $1.frameCount } }

    /// True while a gesture's frames wait for `fitted(to:)`: `frameCount` is not yet the video's.
    public var awaitsFrameSize: Bool {
        segments.contains { segment in
            switch segment {
            case .hold: false
            case let .still(clip, _, _, _), let .transition(clip, _): clip.awaitsFrameSize
            }
        }
    }

    /// Refuses what a frame of `size` cannot show: a board of more tiles across or down than it
    /// has pixels.
    public func check(frame size: PixelSize) throws {
        for segment in segments {
            switch segment {
            case .hold: continue
            case let .still(clip, _, _, _), let .transition(clip, _): try clip.check(frame: size)
            }
        }
    }
}
