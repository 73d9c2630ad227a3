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

    /// Divides colours stored premultiplied by their alpha (a TIFF's associated alpha), making
    /// them straight as this type holds them: each sample × full ÷ alpha, rounded, at most full.
    /// Fully transparent pixels keep what they have (nothing of them shows).
    mutating func unpremultiply() {
        let (channels, wide) = (layout.channels, layout.bytesPerSample == 2)
        let full = wide ? 65535 : 255
        bytes.withUnsafeMutableBytes { raw in
            func sample(_ index: Int) -> Int {
                wide ? Int(raw.loadUnaligned(fromByteOffset: index * 2, as: UInt16.self)) : Int(raw[index])
            }
            func set(_ index: Int, _ value: Int) {
                if wide { raw.storeBytes(of: UInt16(value), toByteOffset: index * 2, as: UInt16.self) } else { raw[index] = UInt8(value) }
            }
            for pixel in 0..<(size.width * size.height) {
                let alphaIndex = pixel * channels + channels - 1
                let alpha = sample(alphaIndex)
                guard alpha > 0, alpha < full else { continue }
                for index in (pixel * channels)..<alphaIndex {
                    set(index, min(full, (sample(index) * full + alpha / 2) / alpha))
                }
            }
        }
    }

    /// The bytes, for an image to own: left empty here, so the image holds the only reference and
    /// its first write (premultiplying) changes them in place instead of copying them all first.
    mutating func takeBytes() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }
}
