import Glibc

/// The system would not provide a picture-sized buffer (a frame, an image, a mipmap).
///
/// Swift's own allocations stop the program when memory runs out, so buffers that grow with the
/// picture are first asked for in a way that can fail (`malloc`, `mmap`): the caller then gets
/// this error and words it with the file concerned ("a.png: not enough memory for a 8192x8192
/// image").
public struct MemoryShortage: Error, Equatable, Sendable {
    /// The picture the buffer was for.
    public let size: PixelSize

    /// The error for a buffer for a picture of `size` that the system would not provide.
    public init(size: PixelSize) {
        self.size = size
    }

    /// The bytes of a picture of `size` at `bytesPerPixel`, or this error when the count is
    /// negative or overflows (a hostile header's size).
    package static func bytes(of size: PixelSize, bytesPerPixel: Int) throws(MemoryShortage) -> Int {
        let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
        let (bytes, overflowAgain) = pixels.multipliedReportingOverflow(by: bytesPerPixel)
        guard size.width >= 0, size.height >= 0, !overflow, !overflowAgain else { throw MemoryShortage(size: size) }
        return bytes
    }

    /// `bytes` of raw memory for a picture of `size`, to be released with `free`.
    static func allocate(bytes: Int, for size: PixelSize) throws(MemoryShortage) -> UnsafeMutableRawPointer {
        guard let memory = malloc(max(bytes, 1)) else { throw MemoryShortage(size: size) }
        return memory
    }

    /// Throws unless `bytes` for a picture of `size` can be had now. The memory is mapped and
    /// handed straight back, so that the Swift allocation that follows, which cannot fail
    /// gracefully, finds it available. (`mmap`, not `malloc`: the optimiser may remove a
    /// `malloc` whose memory is freed unused, and large allocations are mappings anyway.)
    package static func check(bytes: Int, for size: PixelSize) throws(MemoryShortage) {
        let length = max(bytes, 1)
        let mapping = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let mapping, mapping != MAP_FAILED else { throw MemoryShortage(size: size) }
        munmap(mapping, length)
    }
}

extension Image {
    /// An image filled with one colour, as `init(width:height:filledWith:)`, or a `MemoryShortage`
    /// when there is not enough memory for it. For buffers that grow with the picture.
    public static func allocate(width: Int, height: Int, filledWith color: Color = .transparent) throws(MemoryShortage) -> Image {
        let size = PixelSize(width: width, height: height)
        try MemoryShortage.check(bytes: try MemoryShortage.bytes(of: size, bytesPerPixel: Image.bytesPerPixel), for: size)
        return Image(width: width, height: height, filledWith: color)
    }
}
