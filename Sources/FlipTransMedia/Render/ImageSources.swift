import FlipTransCore

/// A render's slides, decoded and fitted into the frame (or, for a title card, drawn) only when
/// asked for, so a slideshow holds just the images in use; a caption is drawn over its image.
final class ImageSources {
    let paths: [String]
    let frameSize: PixelSize
    private let policy: FramePolicy
    private let looks: [Int: SlideLook]
    private let fonts = TextFonts()
    private let warn: (String) -> Void
    /// Warnings already given about an image (accepted damage, an unusable colour profile): a
    /// slideshow that shows it again, or loops back to it, decodes it again but says so once.
    private var warningsGiven: Set<String> = []
    /// Wall time spent decoding and fitting.
    private(set) var decodeTime = Duration.zero

    init(_ paths: [String], policy: FramePolicy, looks: [Int: SlideLook] = [:], frameSize: PixelSize, warn: @escaping (String) -> Void) {
        self.paths = paths
        self.policy = policy
        self.looks = looks
        self.frameSize = frameSize
        self.warn = warn
    }

    /// Slide `index` as a frame: its image decoded and fitted, or its title card; then its caption.
    func image(_ index: Int) throws -> Image {
        let started = ContinuousClock.now
        defer { decodeTime += ContinuousClock.now - started }
        let look = looks[index] ?? SlideLook()
        var frame: Image
        if let title = look.title {
            frame = try title.render(frameSize, fonts: fonts)
        } else {
            let image = try ImageDecoder.decode(contentsOf: paths[index], pixelLimit: policy.pixelLimit, damagedImages: policy.damagedImages) {
                if warningsGiven.insert($0).inserted { warn($0) }
            }
            do {
                frame = try ImageFitter.fit(image, into: frameSize, mode: look.fit ?? policy.fit, background: look.background ?? policy.background)
            } catch {
                throw MediaError.notEnoughMemory(path: paths[index], for: frameSize, .frame)
            }
        }
        try look.caption?.draw(onto: &frame, fonts: fonts)
        return frame
    }
}
