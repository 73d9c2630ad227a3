import FlipTransCore

/// Frames as frei0r hosts exchange them: RGBA bytes with straight (not premultiplied) alpha,
/// rows packed, `width × height` pixels.
enum StraightFrame {
    /// Copies a host frame into `image`'s storage and premultiplies it; a missing frame is
    /// opaque black.
    static func load(_ frame: UnsafeRawPointer?, into image: inout Image) {
        image.withMutablePixelBytes { pixels in
            let bytes = pixels.buffer
            guard let frame else {
                for i in stride(from: 0, to: bytes.count, by: Image.bytesPerPixel) {
                    (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]) = (0, 0, 0, 255)
                }
                return
            }
            UnsafeMutableRawBufferPointer(bytes).copyMemory(from: UnsafeRawBufferPointer(start: frame, count: bytes.count))
            Premultiplication.premultiply(bytes)
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
