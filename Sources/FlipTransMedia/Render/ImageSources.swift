import FlipTransCore

/// A render's input images, decoded and fitted into the frame only when asked for, so a
/// slideshow holds just the images in use. The frame size is the policy's, or else the first
/// image's: finding it decodes the first image, which is then kept for its first use rather than
/// decoded again.
final class ImageSources {
    let paths: [String]
    private let policy: FramePolicy
    private let warn: (String) -> Void
    /// Warnings already given about an image (accepted damage, an unusable colour profile): a
    /// slideshow that shows it again, or loops back to it, decodes it again but says so once.
    private var warningsGiven: Set<String> = []
    private var size: PixelSize?
    /// The first image, fitted, while it waits for its first use.
    private var pendingFirst: Image?
    /// Wall time spent decoding and fitting.
    private(set) var decodeTime = Duration.zero

    init(_ paths: [String], policy: FramePolicy, warn: @escaping (String) -> Void) {
        self.paths = paths
        self.policy = policy
        self.warn = warn
        size = policy.requestedFrameSize(warn: warn)
    }

    /// The frame size; decodes the first image when no size was requested.
    func frameSize() throws -> PixelSize {
        if let size { return size }
        pendingFirst = try image(0)
        return size!
    }

    /// Image `index`, decoded and fitted to the frame.
    func image(_ index: Int) throws -> Image {
        if index == 0, let first = pendingFirst {
            pendingFirst = nil
            return first
        }
        let started = ContinuousClock.now
        defer { decodeTime += ContinuousClock.now - started }
        let image = try ImageDecoder.decode(contentsOf: paths[index], pixelLimit: policy.pixelLimit, damagedImages: policy.damagedImages) {
            if warningsGiven.insert($0).inserted { warn($0) }
        }
        let size = self.size ?? policy.frameSize(firstImage: image.size, warn: warn)
        self.size = size
        do {
            return try ImageFitter.fit(image, into: size, mode: policy.fit, background: policy.background)
        } catch {
            throw MediaError.notEnoughMemory(path: paths[index], for: size, .frame)
        }
    }
}
