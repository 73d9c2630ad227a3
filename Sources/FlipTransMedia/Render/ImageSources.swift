import FlipTransCore

/// A render's slides, decoded and fitted into the frame (or, for a title card, drawn) only when
/// asked for, so a slideshow holds just the images in use; a caption is drawn over its image.
/// Slides may be asked for on several threads at once (the player loads two side by side): they
/// decode and fit in parallel, and their text is drawn one at a time (FreeType's faces are not
/// to be shared between threads).
final class ImageSources: @unchecked Sendable {
    let paths: [String]
    let frameSize: PixelSize
    private let policy: FramePolicy
    private let looks: [Int: SlideLook]
    private let fonts = LockedValue(TextFonts())
    private let warn: (String) -> Void
    /// When the background covering an image's transparency is said.
    private let coveredTransparency: CoveredTransparencyNote
    /// Warnings already given about an image (accepted damage, an unusable colour profile): a
    /// slideshow that shows it again, or loops back to it, decodes it again but says so once.
    private let warningsGiven = LockedValue(Set<String>())
    private let decodeTimes = LockedValue(Duration.zero)
    /// Time spent decoding and fitting, summed over the threads that did it.
    var decodeTime: Duration { decodeTimes.withLock { $0 } }

    /// `inView`: the slides some frame shows, as only their transparency is noted.
    init(_ paths: [String], policy: FramePolicy, looks: [Int: SlideLook], inView: Set<Int>, frameSize: PixelSize,
         warn: @escaping (String) -> Void) {
        self.paths = paths
        self.policy = policy
        self.looks = looks
        coveredTransparency = CoveredTransparencyNote(slides: paths.count, inView: inView)
        self.frameSize = frameSize
        self.warn = warn
    }

    /// Slide `index` as a frame: its image decoded and fitted, or its title card; then its caption.
    func image(_ index: Int) throws -> Image {
        let started = ContinuousClock.now
        defer { decodeTimes.withLock { $0 += ContinuousClock.now - started } }
        let look = looks[index] ?? SlideLook()
        var frame: Image
        if let title = look.title {
            let card = try fonts.withLock { try title.render(frameSize, fonts: $0) }
            frame = card.image
            if policy.notesCoveredTransparency, coveredTransparency.wants(index) {
                noteCoveredTransparency(index, shown: !title.background.isOpaque)
            }
            if !card.whole { warnOnce("warning: \(title.slideName): its text does not fit a \(frameSize) frame even at 8 pixels per em; the lines past its height are left out") }
        } else {
            let image = try ImageDecoder.decode(contentsOf: paths[index], pixelLimit: policy.pixelLimit, damagedImages: policy.damagedImages) {
                self.warnOnce($0)
            }
            if policy.notesCoveredTransparency, coveredTransparency.wants(index) {
                noteCoveredTransparency(index, shown: showsCoveredTransparency(image, look: look))
            }
            do {
                // Bars of the frame's own background are left clear when it is not opaque: the
                // player draws every frame over it, and a translucent colour twice is too opaque.
                let bars = look.background ?? (policy.background.isOpaque ? policy.background : .transparent)
                frame = try ImageFitter.fit(image, into: frameSize, mode: look.fit ?? policy.fit, background: bars)
            } catch {
                throw MediaError.notEnoughMemory(path: paths[index], for: frameSize, .frame)
            }
        }
        if let caption = look.caption {
            if try !fonts.withLock({ try caption.draw(onto: &frame, fonts: $0) }) {
                warnOnce("warning: \(look.captionName(image: paths[index])) does not fit the lower half of a \(frameSize) frame even at 8 pixels per em; the lines past it are left out")
            }
        }
        return frame
    }

    /// Whether a frame shows transparent parts of `image` that the frame's background covers: in
    /// the part its fit shows, on a slide without an opaque background of its own (a slide's
    /// transparent one lets the frame's show through).
    private func showsCoveredTransparency(_ image: Image, look: SlideLook) -> Bool {
        guard look.background?.isOpaque != true else { return false }
        return !image.isOpaque(in: (look.fit ?? policy.fit).layout(source: image.size, frame: frameSize).crop)
    }

    /// Records what slide `index` shows, and says the note once it is due (`CoveredTransparencyNote`).
    private func noteCoveredTransparency(_ index: Int, shown: Bool) {
        guard let due = coveredTransparency.record(index, showsCoveredTransparency: shown) else { return }
        let covered = policy.background
        if let title = looks[due]?.title {
            warn("note: \(title.slideName) has a \(title.background.alpha == 0 ? "transparent" : "translucent") background; the background (\(covered)) covers it, and --background transparent would keep it")
        } else {
            warn("note: \(paths[due]) has transparent parts; the background (\(covered)) covers them, and --background transparent would keep them")
        }
    }

    private func warnOnce(_ message: String) {
        if warningsGiven.withLock({ $0.insert(message).inserted }) { warn(message) }
    }
}
