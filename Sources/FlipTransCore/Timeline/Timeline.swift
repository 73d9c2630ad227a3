/// What a video shows, in order: stills held for some frames and transitions between them.
/// Images are referred to by index so that whoever plays the timeline can load each one only
/// while it is needed.
public struct Timeline: Sendable {
    public enum Segment: Sendable {
        /// Image `image` shown unchanged for `frames` frames.
        case hold(image: Int, frames: Int)
        /// A transition's scene at time fraction `at`, held for `frames` frames: a deck shown
        /// between its turns, or a single frame of a transition.
        case still(TransitionClip, images: [Int], at: Double, frames: Int)
        /// A transition over `images` (the current image first).
        case transition(TransitionClip, images: [Int])

        public var frameCount: Int {
            switch self {
            case let .hold(_, frames), let .still(_, _, _, frames): frames
            case let .transition(clip, _): clip.frameCount
            }
        }

        /// The images the segment shows.
        public var images: [Int] {
            switch self {
            case let .hold(image, _): [image]
            case let .still(_, images, _, _), let .transition(_, images): images
            }
        }
    }

    public var segments: [Segment]

    public init(segments: [Segment]) {
        self.segments = segments.filter { $0.frameCount > 0 }
    }

    /// A hold of A, the transition, and a hold of B (images 0 and 1).
    public init(clip: TransitionClip, holdFrames: Int) {
        self = .slideshow(holdFrames: [holdFrames, holdFrames], transitions: [clip], loop: false)
    }

    /// One frame: the transition between images 0 and 1 at time fraction `t`.
    public init(clip: TransitionClip, at t: Double) {
        self.init(segments: [.still(clip, images: [0, 1], at: t, frames: 1)])
    }

    /// A slideshow: image i held for `holdFrames[i]`, then `transitions[i]` to image i + 1. With
    /// `loop`, a last transition leads back to image 0, leaving out its final frame because the
    /// video starts over on that image.
    ///
    /// A transition draws the current image and as many after it as it asks for (wrapping round
    /// when the show loops). A slide's hold shows the plain image, or — when the transition
    /// leaving it (for the last slide, the one arriving) draws holds — that transition's scene
    /// at its start (or end).
    public static func slideshow(holdFrames: [Int], transitions: [TransitionClip], loop: Bool) -> Timeline {
        let count = holdFrames.count
        precondition(transitions.count >= (loop ? count : count - 1), "a transition is needed after every slide")
        let looping = loop && count > 1
        let joins = looping ? count : count - 1
        func images(from index: Int, for clip: TransitionClip) -> [Int] {
            let wanted = max(2, clip.transition.imageCount)
            let available = looping ? wanted : min(wanted, count - index)
            return (0..<available).map { (index + $0) % count }
        }
        func hold(_ index: Int) -> Segment {
            if index < joins, transitions[index].transition.drawsHolds {
                return .still(transitions[index], images: images(from: index, for: transitions[index]), at: 0, frames: holdFrames[index])
            }
            if index > 0, index == joins, transitions[index - 1].transition.drawsHolds {
                return .still(transitions[index - 1], images: images(from: index - 1, for: transitions[index - 1]), at: 1,
                              frames: holdFrames[index])
            }
            return .hold(image: index, frames: holdFrames[index])
        }
        var segments: [Segment] = []
        for index in 0..<count {
            segments.append(hold(index))
            guard index < joins else { continue }
            let clip = transitions[index]
            let isLoopBack = index == count - 1
            segments.append(.transition(isLoopBack ? clip.leavingOutLastFrame() : clip, images: images(from: index, for: clip)))
        }
        return Timeline(segments: segments)
    }

    public var frameCount: Int { segments.reduce(0) { $0 + $1.frameCount } }

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
