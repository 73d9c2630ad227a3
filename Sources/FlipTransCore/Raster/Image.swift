/// A raster image: 8-bit RGBA, premultiplied alpha, rows top to bottom, tightly packed
/// (`width * 4` bytes per row). The one pixel format every stage of fliptrans exchanges.
/// Within fliptrans, code that needs pointers to the pixels gets them from `withPixels` and its
/// siblings (PixelAccess.swift), nowhere else.
public struct Image: Sendable, Equatable {
    /// Width in pixels, 0 or more.
    public let width: Int
    /// Height in pixels (rows), 0 or more.
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A per pixel, colour already multiplied by alpha.
    /// Writing them, whole or in place, drops `straightPixels`, which would no longer describe
    /// them.
    public var pixels: [UInt8] {
        get { premultiplied }
        set {
            premultiplied = newValue
            straightPixels = nil
        }
        _modify {
            straightPixels = nil
            yield &premultiplied
        }
    }
    private var premultiplied: [UInt8]
    /// The straight-alpha bytes these pixels were made from, when they are not opaque: 8-bit
    /// premultiplied colour keeps little of a pixel at alpha 1–10/255 (at alpha 1, only black or
    /// not), so outputs with alpha write these instead, and a frame that is exactly an input
    /// image (a held slide, a transition's first and last frame) is exactly the input
    /// (StraightPixels.swift).
    package var straightPixels: [UInt8]?

    /// Bytes of one pixel: R, G, B, A, one byte each.
    public static let bytesPerPixel = 4

    /// Bytes of one row in `pixels`, `width * 4`: rows are tightly packed, with no padding.
    public var bytesPerRow: Int { width * Image.bytesPerPixel }
    /// Width and height in pixels.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// Wraps existing premultiplied RGBA bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0, "image size must not be negative")
        precondition(pixels.count == width * height * Image.bytesPerPixel, "pixel buffer does not match the size")
        self.width = width
        self.height = height
        premultiplied = pixels
    }

    /// An image filled with one colour.
    public init(width: Int, height: Int, filledWith color: Color = .transparent) {
        precondition(width >= 0 && height >= 0, "image size must not be negative")
        self.width = width
        self.height = height
        premultiplied = [UInt8](repeating: 0, count: width * height * Image.bytesPerPixel)
        let rgba = color.premultipliedBytes
        if rgba != (0, 0, 0, 0) {
            withMutablePixels { $0.buffer.update(repeating: PixelMath.pack(rgba)) }
        }
    }

    /// Images are equal when their premultiplied pixels are: `straightPixels` describe the same
    /// colours more precisely.
    public static func == (lhs: Image, rhs: Image) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.pixels == rhs.pixels
    }

    /// The premultiplied bytes of the pixel at column `x`, row `y`.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * Image.bytesPerPixel
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}
