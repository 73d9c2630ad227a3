import Glibc

/// An 8-bit 4:2:0 picture in memory of its own, tightly packed: what the renderer converts a
/// frame into when no encoder lends it a picture (the tests).
package final class YUV420Picture: YUV420PictureBuffer, @unchecked Sendable {
    package let size: PixelSize
    private let bytes: UnsafeMutablePointer<UInt8>

    /// Throws `MemoryShortage` when there is no memory for it.
    package init(size: PixelSize) throws(MemoryShortage) {
        self.size = size
        let count = size.width * size.height + 2 * YUV420Picture.chromaWidth(size) * YUV420Picture.chromaHeight(size)
        bytes = try MemoryShortage.allocate(bytes: count, for: size).assumingMemoryBound(to: UInt8.self)
    }

    deinit { free(bytes) }

    /// Luma, then Cb, then Cr, each plane's rows tightly packed.
    package var planes: YUV420Planes {
        let chroma = YUV420Picture.chromaWidth(size) * YUV420Picture.chromaHeight(size)
        let cb = bytes + size.width * size.height
        return YUV420Planes(luma: bytes, lumaStride: size.width, cb: cb, cr: cb + chroma,
                            chromaStride: YUV420Picture.chromaWidth(size))
    }

    package static func chromaWidth(_ size: PixelSize) -> Int { (size.width + 1) / 2 }
    package static func chromaHeight(_ size: PixelSize) -> Int { (size.height + 1) / 2 }
}
