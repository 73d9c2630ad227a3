/// What a video shows, in order: still images held for some frames and transitions between
/// them. Images are referred to by index so that whoever plays the timeline can load each
/// one only while it is needed.
public struct Timeline: Sendable {
    public enum Segment: Sendable {
        /// Image `image` shown unchanged for `frames` frames.
        case hold(image: Int, frames: Int)
        /// A transition from image `from` to image `to`.
        case transition(TransitionClip, from: Int, to: Int)

        public var frameCount: Int {
            switch self {
            case let .hold(_, frames): frames
            case let .transition(clip, _, _): clip.frameCount
            }
        }
    }

    public var segments: [Segment]

    public init(segments: [Segment]) {
        self.segments = segments.filter { $0.frameCount > 0 }
    }

    /// A hold of A, the transition, and a hold of B (images 0 and 1).
    public init(clip: TransitionClip, holdFrames: Int) {
        self.init(segments: [.hold(image: 0, frames: holdFrames),
                             .transition(clip, from: 0, to: 1),
                             .hold(image: 1, frames: holdFrames)])
    }

    /// A slideshow: image i held for `holdFrames[i]`, then `transitions[i]` to image i + 1. With
    /// `loop`, a last transition leads back to image 0, leaving out its final frame because the
    /// video starts over on that image.
    public static func slideshow(holdFrames: [Int], transitions: [TransitionClip], loop: Bool) -> Timeline {
        let count = holdFrames.count
        precondition(transitions.count >= (loop ? count : count - 1), "a transition is needed after every slide")
        var segments: [Segment] = []
        for index in 0..<count {
            segments.append(.hold(image: index, frames: holdFrames[index]))
            if index + 1 < count {
                segments.append(.transition(transitions[index], from: index, to: index + 1))
            } else if loop, count > 1 {
                segments.append(.transition(transitions[index].leavingOutLastFrame(), from: index, to: 0))
            }
        }
        return Timeline(segments: segments)
    }

    public var frameCount: Int { segments.reduce(0) { $0 + $1.frameCount } }
}
