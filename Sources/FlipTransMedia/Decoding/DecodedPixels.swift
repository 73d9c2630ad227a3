import FlipTransCore

/// How decoded samples are arranged: colour or grey, each with alpha, 8 or 16 bits a sample
/// (16-bit samples in the machine's byte order). Deep sources are kept at 16 bits until their
/// colour profile has been applied, so precision is lost only once, at the end.
enum PixelLayout: Hashable {
    case rgba8, rgba16, greyAlpha8, greyAlpha16

    var channels: Int {
        switch self {
        case .rgba8, .rgba16: 4
        case .greyAlpha8, .greyAlpha16: 2
        }
    }

    var bytesPerSample: Int {
        switch self {
        case .rgba8, .greyAlpha8: 1
        case .rgba16, .greyAlpha16: 2
        }
    }

    var bytesPerPixel: Int { channels * bytesPerSample }

    static func rgba(deep: Bool) -> PixelLayout { deep ? .rgba16 : .rgba8 }
}

/// A picture as its decoder delivered it, before anything else sees it: straight (not
/// premultiplied) alpha, rows tightly packed, in the colours its file describes.
struct DecodedPixels {
    let size: PixelSize
    let layout: PixelLayout
    var bytes: [UInt8]

    /// Room for a picture of `size`, filled in by the decoder; `MemoryShortage` when there is no
    /// memory for it.
    init(size: PixelSize, layout: PixelLayout) throws(MemoryShortage) {
        self.size = size
        self.layout = layout
        let count = try MemoryShortage.bytes(of: size, bytesPerPixel: layout.bytesPerPixel)
        try MemoryShortage.check(bytes: count, for: size)
        bytes = [UInt8](repeating: 0, count: count)
    }

    var bytesPerRow: Int { size.width * layout.bytesPerPixel }

    /// The bytes, for an image to own: left empty here, so the image holds the only reference and
    /// its first write (premultiplying) changes them in place instead of copying them all first.
    mutating func takeBytes() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }
}
