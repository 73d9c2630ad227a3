import ArgumentParser
import FlipTransCore
import FlipTransMedia

/// The frame the images are fitted into: its size, how images fit it, and what shows behind.
struct FrameArguments: ParsableArguments {
    @Option(help: ArgumentHelp("Frame size, e.g. 1920x1080 (odd values are rounded down to even). Default: the first image's size.", valueName: "WxH"))
    var size: String?

    @Option(help: "How an image of another size fits the frame: contain (bars), cover (crop) or stretch.")
    var fit: FitMode = .contain

    @Option(help: ArgumentHelp("Background colour: #rrggbb, #rrggbbaa or transparent.", valueName: "colour"))
    var background = "#000000"

    @Option(parsing: .unconditional, help: ArgumentHelp("Refuse an input image of more pixels than this, before decoding it (default 100 megapixels).", valueName: "n"))
    var maxPixels = PixelLimit.standard.maxPixels

    static let sideRange = 16...8192

    /// Refuses malformed or out-of-range options before any image is decoded.
    func check() throws {
        _ = try backgroundColor()
        _ = try requestedSize()
        guard maxPixels >= 1 else { throw CLIError("--max-pixels must be 1 or more, got \(maxPixels)") }
    }

    func backgroundColor() throws -> Color {
        guard let color = Color(css: background) else {
            throw CLIError("--background: '\(background)' is not a colour; use #rgb, #rrggbb, #rrggbbaa or transparent")
        }
        return color
    }

    /// The requested size, or nil for "the first image's size"; throws when it is malformed.
    func requestedSize() throws -> PixelSize? {
        guard let size else { return nil }
        let parts = size.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
            throw CLIError("--size: '\(size)' is not WIDTHxHEIGHT, e.g. 1920x1080")
        }
        for side in [width, height] where !Self.sideRange.contains(side) {
            throw CLIError("--size: each side must be between \(Self.sideRange.lowerBound) and \(Self.sideRange.upperBound) pixels, got \(size)")
        }
        return PixelSize(width: width, height: height)
    }

    /// Decodes the images and fits each into the frame.
    func loadImages(_ paths: [String], warn: (String) -> Void) throws -> [Image] {
        let background = try backgroundColor()
        var frame: PixelSize?
        return try paths.map { path in
            let image = try ImageDecoder.decode(contentsOf: path, pixelLimit: PixelLimit(maxPixels: maxPixels))
            let size = try frame ?? frameSize(firstImage: image.size, warn: warn)
            frame = size
            return ImageFitter.fit(image, into: size, mode: fit, background: background)
        }
    }

    /// `--size` or the first image's size (at least the smallest side allowed), rounded down to
    /// even because yuv420p video needs even sides; the rounding is announced.
    private func frameSize(firstImage: PixelSize, warn: (String) -> Void) throws -> PixelSize {
        let minimum = Self.sideRange.lowerBound
        let wanted = try requestedSize()
            ?? PixelSize(width: max(firstImage.width, minimum), height: max(firstImage.height, minimum))
        let even = PixelSize(width: wanted.width & ~1, height: wanted.height & ~1)
        if even != wanted { warn("warning: frame size \(wanted) rounded down to \(even): video needs even sides") }
        return even
    }
}

extension FitMode: ExpressibleByArgument {}
