/// Raw access to an `Image`'s pixel storage, for the loops that need pointers. This file is the
/// only place that turns the storage (`pixels`, an array of bytes) into pointers: everything else,
/// here and in FlipTransMedia, goes through the four `with…` methods below.
///
/// A view comes in two element types over the same memory:
/// - `UInt32`, one per pixel, its bytes R, G, B, A in memory order (R is the low byte on
///   little-endian machines): the form the pixel loops compute on (see `PixelMath`);
/// - `UInt8`, four per pixel: the form C libraries (swscale, the PNG encoder) take.
///
/// Views are valid only inside the closure they are passed to. The pixel views assume the bytes
/// as `UInt32`s rather than rebinding them (`withMemoryRebound`), because rebinding is state that
/// the renderer's parallel bands, each viewing the same texture, would change under each other;
/// so inside a view, do not also touch the same storage as the other element type.
extension Image {
    /// Calls `body` with the pixels as `UInt32`s, to read.
    package func withPixels<Result>(_ body: (PixelRows<UInt32>) throws -> Result) rethrows -> Result {
        try pixels.withUnsafeBytes { bytes in
            try body(PixelRows(baseAddress: bytes.baseAddress!.assumingMemoryBound(to: UInt32.self),
                               width: width, height: height, rowStride: width))
        }
    }

    /// Calls `body` with the pixels as `UInt32`s, to read and write (dropping `straightPixels`).
    package mutating func withMutablePixels<Result>(_ body: (MutablePixelRows<UInt32>) throws -> Result) rethrows -> Result {
        let (width, height) = (width, height)
        return try pixels.withUnsafeMutableBytes { bytes in
            try body(MutablePixelRows(baseAddress: bytes.baseAddress!.assumingMemoryBound(to: UInt32.self),
                                      width: width, height: height, rowStride: width))
        }
    }

    /// Calls `body` with the pixels' bytes (R, G, B, A per pixel), to read.
    package func withPixelBytes<Result>(_ body: (PixelRows<UInt8>) throws -> Result) rethrows -> Result {
        try pixels.withUnsafeBufferPointer { bytes in
            try body(PixelRows(baseAddress: bytes.baseAddress!, width: width, height: height, rowStride: bytesPerRow))
        }
    }

    /// Calls `body` with the pixels' bytes (R, G, B, A per pixel), to read and write (dropping
    /// `straightPixels`).
    package mutating func withMutablePixelBytes<Result>(_ body: (MutablePixelRows<UInt8>) throws -> Result) rethrows -> Result {
        let (width, height, bytesPerRow) = (width, height, bytesPerRow)
        return try pixels.withUnsafeMutableBufferPointer { bytes in
            try body(MutablePixelRows(baseAddress: bytes.baseAddress!, width: width, height: height, rowStride: bytesPerRow))
        }
    }

    /// True when both images are views of one and the same storage (copies not yet written to):
    /// their pixels are then the same, whatever they hold.
    package func sharesPixelStorage(with other: Image) -> Bool {
        pixelStorage == other.pixelStorage
    }

    /// What tells this image's pixel storage apart: the same for images that share it, and for
    /// as long as one of them lives, no other image's.
    package var pixelStorage: PixelStorageIdentity {
        PixelStorageIdentity(address: pixels.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }, width: width, height: height)
    }
}

/// An image's pixel storage, as `Image.pixelStorage` tells it apart: where it lies and its size.
package struct PixelStorageIdentity: Hashable {
    let address: UInt
    let width: Int
    let height: Int
}

/// An image's pixels to read, valid only inside the closure it is passed to: `height` rows of
/// `width` pixels, top to bottom, each row `rowStride` elements after the one above. `Element` is
/// `UInt32` (a pixel) or `UInt8` (a byte of one); see `Image.withPixels`. Safe to share among
/// threads while the closure runs: nothing writes the image meanwhile.
package struct PixelRows<Element>: @unchecked Sendable {
    /// The first element of the top row.
    package let baseAddress: UnsafePointer<Element>
    package let width: Int
    package let height: Int
    /// Elements from the start of one row to the start of the next.
    package let rowStride: Int

    fileprivate init(baseAddress: UnsafePointer<Element>, width: Int, height: Int, rowStride: Int) {
        (self.baseAddress, self.width, self.height, self.rowStride) = (baseAddress, width, height, rowStride)
    }

    /// The first element of row `y`.
    @inline(__always)
    package func row(_ y: Int) -> UnsafePointer<Element> {
        baseAddress + y * rowStride
    }

    /// Every element, row after row.
    package var buffer: UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: baseAddress, count: height * rowStride)
    }

    /// Rows `range` alone, the first of them row 0.
    package func rows(_ range: Range<Int>) -> PixelRows {
        precondition(range.lowerBound >= 0 && range.upperBound <= height, "rows outside the image")
        return PixelRows(baseAddress: row(range.lowerBound), width: width, height: range.count, rowStride: rowStride)
    }
}

/// An image's pixels to read and write, valid only inside the closure it is passed to; laid out
/// as `PixelRows`. Threads sharing it (through `SendablePointer`) must write disjoint rows.
package struct MutablePixelRows<Element> {
    /// The first element of the top row.
    package let baseAddress: UnsafeMutablePointer<Element>
    package let width: Int
    package let height: Int
    /// Elements from the start of one row to the start of the next.
    package let rowStride: Int

    fileprivate init(baseAddress: UnsafeMutablePointer<Element>, width: Int, height: Int, rowStride: Int) {
        (self.baseAddress, self.width, self.height, self.rowStride) = (baseAddress, width, height, rowStride)
    }

    /// The first element of row `y`.
    @inline(__always)
    package func row(_ y: Int) -> UnsafeMutablePointer<Element> {
        baseAddress + y * rowStride
    }

    /// Every element, row after row.
    package var buffer: UnsafeMutableBufferPointer<Element> {
        UnsafeMutableBufferPointer(start: baseAddress, count: height * rowStride)
    }
    /// The same rows, to read (a band converting the rows it has just drawn).
    package var readable: PixelRows<Element> {
        PixelRows(baseAddress: baseAddress, width: width, height: height, rowStride: rowStride)
    }
}
