/// 8-bit premultiplied RGBA arithmetic on whole pixels held in a `UInt32` (bytes R, G, B, A in
/// memory order, so R is the low byte on little-endian machines).
///
/// Two channels are processed at once: `p & 0x00FF00FF` holds R and B and
/// `(p >> 8) & 0x00FF00FF` holds G and A, each in a 16-bit lane with room for one 8-bit product.
enum PixelMath {
    static let laneMask: UInt32 = 0x00FF_00FF

    /// Both lanes of `lanes` (each ≤ 255·255) divided by 255, rounded to nearest.
    @inline(__always)
    static func divideLanesBy255(_ lanes: UInt32) -> UInt32 {
        let t = lanes &+ 0x0080_0080
        return ((t &+ ((t >> 8) & laneMask)) >> 8) & laneMask
    }

    /// Every channel of `pixel` scaled by `factor / 255`.
    @inline(__always)
    static func scale(_ pixel: UInt32, by factor: UInt32) -> UInt32 {
        let rb = divideLanesBy255((pixel & laneMask) &* factor)
        let ga = divideLanesBy255(((pixel >> 8) & laneMask) &* factor)
        return rb | (ga << 8)
    }

    /// Colour channels scaled by `colorFactor / 255`, alpha by `alphaFactor / 255`: coverage and
    /// a black overlay (which darkens colour but leaves alpha alone) in one step.
    @inline(__always)
    static func scale(_ pixel: UInt32, color colorFactor: UInt32, alpha alphaFactor: UInt32) -> UInt32 {
        let rb = divideLanesBy255((pixel & laneMask) &* colorFactor)
        let g = divideLanesBy255(((pixel >> 8) & 0xFF) &* colorFactor)
        let a = divideLanesBy255((pixel >> 24) &* alphaFactor)
        return rb | (g << 8) | (a << 24)
    }

    /// Premultiplied source-over: `source + destination · (1 − source alpha)`.
    @inline(__always)
    static func over(_ source: UInt32, _ destination: UInt32) -> UInt32 {
        let sourceAlpha = source >> 24
        if sourceAlpha == 255 { return source }
        return source &+ scale(destination, by: 255 &- sourceAlpha)
    }

    /// Linear interpolation of two pixels with weight `w` ∈ 0…256 on `b`.
    @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        let inverse = 256 &- w
        let rb = (((a & laneMask) &* inverse &+ (b & laneMask) &* w &+ 0x0080_0080) >> 8) & laneMask
        let ga = ((((a >> 8) & laneMask) &* inverse &+ ((b >> 8) & laneMask) &* w &+ 0x0080_0080) >> 8) & laneMask
        return rb | (ga << 8)
    }

    /// The mean of four pixels, rounded to nearest (each lane sum ≤ 4·255 fits its 16 bits).
    @inline(__always)
    static func average(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 {
        let rb = (a & laneMask) &+ (b & laneMask) &+ (c & laneMask) &+ (d & laneMask) &+ 0x0002_0002
        let ga = ((a >> 8) & laneMask) &+ ((b >> 8) & laneMask) &+ ((c >> 8) & laneMask) &+ ((d >> 8) & laneMask) &+ 0x0002_0002
        return ((rb >> 2) & laneMask) | (((ga >> 2) & laneMask) << 8)
    }
}

extension PixelMath {
    /// Four bytes in memory order packed as the `UInt32` the pixel loops use.
    static func pack(_ rgba: (UInt8, UInt8, UInt8, UInt8)) -> UInt32 {
        UInt32(rgba.0) | UInt32(rgba.1) << 8 | UInt32(rgba.2) << 16 | UInt32(rgba.3) << 24
    }
}
