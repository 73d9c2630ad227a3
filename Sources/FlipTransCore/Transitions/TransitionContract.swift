/// What every transition must do for shows to join up, checked on images of noise: its first
/// frame is exactly its first image and its last exactly its second (8-bit equal), alone and as
/// a staggered board of tiles; and in a slideshow, looping or not, each turn starts on the frame
/// held before it and ends on the frame held after it. (A transition that draws holds, such as a
/// deck, is held to the last alone: its ends are the holds' scenes, not the plain images.)
///
/// The contract tests run it over every style of `TransitionRegistry.standard`; a program that
/// registers a transition of its own can run it over that one.
public enum TransitionContract {
    /// What `transition` does against the contract, a sentence each, on images of `size` (at
    /// least 5 × 3 pixels, for the board's tiles); empty when it keeps it. Rethrows what building
    /// a clip or a board of it throws.
    public static func breaches(of transition: any Transition, size: PixelSize = PixelSize(width: 48, height: 32)) throws -> [String] {
        try exactEnds(of: transition, size: size) + exactEndsOnABoard(of: transition, size: size) + joinedHolds(of: transition, size: size)
    }

    /// Through its own timing, its first frame is A and its last B.
    static func exactEnds(of transition: any Transition, size: PixelSize) throws -> [String] {
        guard !transition.drawsHolds else { return [] }
        return endsBreaches(try TransitionClip(transition: transition, duration: 1, fps: 30), images: noise(size, count: transition.imageCount), on: "")
    }

    /// Played as a board of 5 × 3 tiles of uneven sizes, starting one after another, too.
    static func exactEndsOnABoard(of transition: any Transition, size: PixelSize) throws -> [String] {
        guard transition.imageCount == 2, !transition.drawsHolds else { return [] }
        let tiling = try Tiling(grid: try TileGrid(columns: 5, rows: 3), stagger: 0.05, order: .diagonal)
        let clip = try TransitionClip(transition: transition, tiling: tiling, duration: 1, fps: 30)
        return endsBreaches(clip, images: noise(size, count: 2), on: " on a staggered board of 5 × 3 tiles")
    }

    private static func endsBreaches(_ clip: TransitionClip, images: [Image], on board: String) -> [String] {
        let renderer = Renderer()
        var breaches: [String] = []
        if renderer.render(clip.scene(of: images, at: 0, background: .black)) != images[0] {
            breaches.append("its first frame\(board) is not exactly its first image")
        }
        if renderer.render(clip.scene(of: images, at: 1, background: .black)) != images[1] {
            breaches.append("its last frame\(board) is not exactly its second image")
        }
        return breaches
    }

    /// In a slideshow of two-frame turns and one-frame holds, looping and not, each turn's first
    /// frame is the hold before it and its end the hold after it. A turn that another follows
    /// leaves its end out (the next begins with it), as does a looping show's last: its end is
    /// rendered and compared then.
    static func joinedHolds(of transition: any Transition, size: PixelSize) throws -> [String] {
        let images = noise(size, count: transition.imageCount + 2)
        let clip = try TransitionClip(transition: transition, duration: 0.1, fps: 20)
        let renderer = Renderer()
        var breaches: [String] = []
        for loop in [false, true] {
            let timeline = Timeline.slideshow(holdFrames: Array(repeating: 1, count: images.count),
                                              transitions: Array(repeating: clip, count: images.count), loop: loop)
            let sink = KeptFrames()
            try TimelinePlayer(background: .black).play(timeline, image: { images[$0] }, into: sink)
            let show = loop ? "a looping slideshow" : "a slideshow"
            var first = 0
            for segment in timeline.segments {
                defer { first += segment.frameCount }
                guard case let .transition(played, shown) = segment else { continue }
                if sink.frames[first] != sink.frames[first - 1] {
                    breaches.append("in \(show), the turn from image \(shown[0]) does not start on the frame held before it")
                }
                let end = first + segment.frameCount
                let ending = played.frameCount == clip.frameCount
                    ? sink.frames[end - 1]
                    : renderer.render(played.scene(of: shown.map { images[$0] }, at: 1, background: .black))
                if ending != sink.frames[end % sink.frames.count] {
                    breaches.append("in \(show), the turn from image \(shown[0]) does not end on the frame held after it")
                }
            }
        }
        return breaches
    }

    /// `count` (at least 2) opaque images of deterministic noise, each different.
    private static func noise(_ size: PixelSize, count: Int) -> [Image] {
        (0..<max(2, count)).map { index in
            var state = UInt32(2_654_435_761) &* UInt32(index + 1)
            let pixels = (0..<(size.width * size.height * 4)).map { byte -> UInt8 in
                guard byte % 4 != 3 else { return 255 }
                // xorshift32: cheap, and no two images alike.
                state ^= state << 13
                state ^= state >> 17
                state ^= state << 5
                return UInt8(truncatingIfNeeded: state >> 24)
            }
            return Image(width: size.width, height: size.height, pixels: pixels)
        }
    }
}

/// Every frame a player gives, kept in order.
private final class KeptFrames: FrameSink {
    var frames: [Image] = []
    func append(_ frame: Image) throws { frames.append(frame) }
    func repeatLastFrame() throws { frames.append(frames[frames.count - 1]) }
}
