import ArgumentParser
import FlipTransCore
import FlipTransMedia

/// The frame the images are fitted into: its size, how images fit it, and what shows behind.
struct FrameArguments: ParsableArguments {
    @Option(help: ArgumentHelp("Frame size, e.g. 1920x1080 (odd values are rounded down to even). Default: the first image's size.", valueName: "WxH"))
    var size: String?

    @Option(help: "How an image of another size fits the frame: contain (bars), cover (crop), stretch, or blur (over a blurred copy of itself).")
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

    /// A first image's size as the frame size, within the sides allowed: a larger image is
    /// scaled down to fit them, keeping its shape, and that is announced.
    func defaultSize(firstImage: PixelSize, warn: (String) -> Void) -> PixelSize {
        let largest = Double(Self.sideRange.upperBound)
        let scale = min(1, largest / Double(firstImage.width), largest / Double(firstImage.height))
        func side(_ length: Int) -> Int {
            min(max(Int(Double(length) * scale), Self.sideRange.lowerBound), Self.sideRange.upperBound)
        }
        let size = PixelSize(width: side(firstImage.width), height: side(firstImage.height))
        if scale < 1 {
            warn("warning: the first image is \(firstImage); the frame is \(size), as sides may be at most \(Self.sideRange.upperBound) (or give --size)")
        }
        return size
    }

    /// `size` rounded down to even, because yuv420p video needs even sides; the rounding is announced.
    func evenSize(_ size: PixelSize, warn: (String) -> Void) -> PixelSize {
        let even = PixelSize(width: size.width & ~1, height: size.height & ~1)
        if even != size { warn("warning: frame size \(size) rounded down to \(even): video needs even sides") }
        return even
    }
}

extension FitMode: ExpressibleByArgument {}
