import FlipTransCore

/// The largest picture, in pixels, an input may have: a lying header must not make the decoder
/// allocate gigabytes. Checked against the size a container declares, handed to the decoder
/// (which then refuses a far larger header before allocating), and checked on the decoded frame.
public struct PixelLimit: Sendable, Equatable {
    /// The most pixels (width × height) an input may have.
    public let maxPixels: Int

    /// 100 megapixels: a 10000×10000 image, 400 MB as RGBA.
    public static let standard = PixelLimit(maxPixels: 100_000_000)

    /// A limit of `maxPixels` pixels (`--max-pixels`), checked by `check()`.
    public init(maxPixels: Int) {
        self.maxPixels = maxPixels
    }

    /// Refuses a limit under one pixel, which would refuse every image as too large.
    public func check() throws {
        guard maxPixels >= 1 else { throw ParameterError(parameter: "max-pixels", value: String(maxPixels), expected: "1 or more") }
    }

    func allows(_ size: PixelSize) -> Bool {
        // A product that overflows is over any limit (a PNG header may claim 4294967295 × 4294967295).
        let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
        return size.width >= 0 && size.height >= 0 && !overflow && pixels <= maxPixels
    }

    /// Throws when `size` is over the limit; the message says how to raise it.
    func check(_ size: PixelSize, path: String) throws {
        guard allows(size) else { throw tooLarge(size, path: path) }
    }

    /// The pixels of `size`, written out even where an Int would overflow.
    private static func pixelCount(_ size: PixelSize) -> String {
        let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
        return overflow ? "more than \(Int.max)" : String(pixels)
    }

    func tooLarge(_ size: PixelSize, path: String) -> MediaError {
        MediaError(.inputTooLarge, path: path, reason: "image is \(size) = \(Self.pixelCount(size)) pixels, over the limit of \(maxPixels) pixels (raise it with --max-pixels)")
    }
}
