import FlipTransCore
import FlipTransMedia

/// The input images, decoded and fitted into the frame only when asked for, so a slideshow
/// holds just the images in use. The frame size is `--size`, or else the first image's.
final class InputImages {
    let paths: [String]
    private let frame: FrameArguments
    private let background: Color
    private let warn: (String) -> Void
    private var size: PixelSize?

    init(_ paths: [String], frame: FrameArguments, warn: @escaping (String) -> Void) throws {
        self.paths = paths
        self.frame = frame
        self.background = try frame.backgroundColor()
        self.warn = warn
        size = try frame.requestedSize().map { frame.evenSize($0, warn: warn) }
    }

    /// The frame size; decodes the first image when `--size` was not given.
    func frameSize() throws -> PixelSize {
        if let size { return size }
        _ = try image(0)
        return size!
    }

    func image(_ index: Int) throws -> Image {
        let image = try ImageDecoder.decode(contentsOf: paths[index], pixelLimit: PixelLimit(maxPixels: frame.maxPixels))
        let size = self.size ?? frame.evenSize(frame.defaultSize(firstImage: image.size, warn: warn), warn: warn)
        self.size = size
        return ImageFitter.fit(image, into: size, mode: frame.fit, background: background)
    }
}
