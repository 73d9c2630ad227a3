import FlipTransCore

/// A render's input images, decoded and fitted into the frame only when asked for, so a
/// slideshow holds just the images in use.
final class ImageSources {
    let paths: [String]
    let frameSize: PixelSize
    private let policy: FramePolicy
    private let warn: (String) -> Void
    /// Warnings already given about an image (accepted damage, an unusable colour profile): a
    /// slideshow that shows it again, or loops back to it, decodes it again but says so once.
    private var warningsGiven: Set<String> = []
    /// Wall time spent decoding and fitting.
    private(set) var decodeTime = Duration.zero

    init(_ paths: [String], policy: FramePolicy, frameSize: PixelSize, warn: @escaping (String) -> Void) {
        self.paths = paths
        self.policy = policy
        self.frameSize = frameSize
        self.warn = warn
    }

    /// Image `index`, decoded and fitted to the frame.
    func image(_ index: Int) throws -> Image {
        let started = ContinuousClock.now
        defer { decodeTime += ContinuousClock.now - started }
        let image = try ImageDecoder.decode(contentsOf: paths[index], pixelLimit: policy.pixelLimit, damagedImages: policy.damagedImages) {
            if warningsGiven.insert($0).inserted { warn($0) }
        }
        return ImageFitter.fit(image, into: frameSize, mode: policy.fit, background: policy.background)
    }
}
