import FlipTransCore

/// Frames as frei0r hosts exchange them: RGBA bytes with straight (not premultiplied) alpha,
/// rows packed, `width × height` pixels.
enum StraightFrame {
    /// Copies a host frame into `image`'s storage and premultiplies it; a missing frame is
    /// opaque black.
    static func load(_ frame: UnsafeRawPointer?, into image: inout Image) {
        image.withMutablePixelBytes { pixels in
            let bytes = pixels.buffer
            guard let frame else { return fillBlack(UnsafeMutableRawPointer(bytes.baseAddress!), byteCount: bytes.count) }
            UnsafeMutableRawBufferPointer(bytes).copyMemory(from: UnsafeRawBufferPointer(start: frame, count: bytes.count))
            Premultiplication.premultiply(bytes)
        }
    }

    /// Opaque black, `byteCount / 4` pixels of it.
    static func fillBlack(_ frame: UnsafeMutableRawPointer, byteCount: Int) {
        let pixels = frame.bindMemory(to: UInt8.self, capacity: byteCount)
        for i in stride(from: 0, to: byteCount, by: Image.bytesPerPixel) {
            (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]) = (0, 0, 0, 255)
        }
    }

    /// Writes `image` into a host frame, with straight alpha.
    static func store(_ image: Image, into frame: UnsafeMutableRawPointer) {
        image.withPixelBytes { pixels in
            let count = pixels.buffer.count
            frame.copyMemory(from: pixels.baseAddress, byteCount: count)
            Premultiplication.unpremultiply(UnsafeMutableBufferPointer(start: frame.assumingMemoryBound(to: UInt8.self), count: count))
        }
    }
}
