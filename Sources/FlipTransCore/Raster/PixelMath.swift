/// 8-bit premultiplied RGBA arithmetic. Pixels are stored packed in a `UInt32` (bytes R, G, B, A
/// in memory order, so R is the low byte on little-endian machines) and computed on as
/// `PixelLanes`: each channel widened to a 16-bit lane, so one SIMD instruction handles all four
/// and a lane holds an 8-bit product without overflowing.
typealias PixelLanes = SIMD4<UInt16>

enum PixelMath {
    @inline(__always)
    static func lanes(_ pixel: UInt32) -> PixelLanes {
        PixelLanes(truncatingIfNeeded: unsafeBitCast(pixel, to: SIMD4<UInt8>.self))
    }

    /// Two pixels' bytes in eight lanes. Lane by lane (here and below): the generic
    /// `init(truncatingIfNeeded:)` is not always inlined in the sampling loops, and a call there
    /// costs as much as the arithmetic around it.
    @inline(__always)
    static func widened(_ bytes: SIMD8<UInt8>) -> SIMD8<UInt16> {
        SIMD8(UInt16(bytes[0]), UInt16(bytes[1]), UInt16(bytes[2]), UInt16(bytes[3]),
              UInt16(bytes[4]), UInt16(bytes[5]), UInt16(bytes[6]), UInt16(bytes[7]))
    }

    /// A pixel's lanes widened to 32 bits, for sums of products.
    @inline(__always)
    static func widened(_ pixel: PixelLanes) -> SIMD4<UInt32> {
        SIMD4(UInt32(pixel[0]), UInt32(pixel[1]), UInt32(pixel[2]), UInt32(pixel[3]))
    }

    /// 32-bit lanes back to 16 (every lane must be below 2^16).
    @inline(__always)
    static func narrowed(_ lanes: SIMD4<UInt32>) -> PixelLanes {
        PixelLanes(UInt16(truncatingIfNeeded: lanes[0]), UInt16(truncatingIfNeeded: lanes[1]),
                   UInt16(truncatingIfNeeded: lanes[2]), UInt16(truncatingIfNeeded: lanes[3]))
    }

    /// (lanes · factor + 2^15) >> 16 in every lane, without widening the lanes: with the product
    /// split as high·2^16 + low (16 bits each), adding 2^15 carries into the high half exactly
    /// when low ≥ 2^15, so the result is high + low >> 15.
    @inline(__always)
    static func scaledRounded(_ lanes: PixelLanes, by factor: UInt16) -> PixelLanes {
        let high = narrowed((widened(lanes) &* UInt32(factor)) &>> 16)
        return high &+ (lanes &* factor) &>> 15
    }

    /// Lanes back to a packed pixel (every lane must be ≤ 255).
    @inline(__always)
    static func packed(_ pixel: PixelLanes) -> UInt32 {
        unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: pixel), to: UInt32.self)
    }

    /// `a + (b − a)·w/256` in every lane, with `w` ∈ 0…256, rounded to nearest:
    /// (a·(256 − w) + b·w + 128) >> 8, computed as (a·256 + (b − a)·w + 128) >> 8 with one
    /// multiply instead of two. The 16-bit lanes wrap where b < a, but the sum's true value lies
    /// in 0…65408, so its value modulo 2^16 is that value: the result is the same, bit for bit.
    @inline(__always)
    static func lerp<Lanes: SIMD<UInt16>>(_ a: Lanes, _ b: Lanes, _ w: UInt16) -> Lanes {
        ((a &<< 8) &+ (b &- a) &* w &+ 128) &>> 8
    }

    /// `lerp(_:_:_:)` with a weight for every lane.
    @inline(__always)
    static func lerp<Lanes: SIMD<UInt16>>(_ a: Lanes, _ b: Lanes, _ w: Lanes) -> Lanes {
        ((a &<< 8) &+ (b &- a) &* w &+ 128) &>> 8
    }

    /// Two pixels' bytes in eight lanes as b·256 + 128, the start of `lerp(_:_:_:)`'s sum, in one
    /// interleave (with bytes of 128) where widening, shifting and adding take three.
    @inline(__always)
    static func shiftedRounded(_ b: SIMD8<UInt8>) -> SIMD8<UInt16> {
        #if _endian(little)
        let interleaved = SIMD16<UInt8>(128, b[0], 128, b[1], 128, b[2], 128, b[3], 128, b[4], 128, b[5], 128, b[6], 128, b[7])
        #else
        let interleaved = SIMD16<UInt8>(b[0], 128, b[1], 128, b[2], 128, b[3], 128, b[4], 128, b[5], 128, b[6], 128, b[7], 128)
        #endif
        return unsafeBitCast(interleaved, to: SIMD8<UInt16>.self)
    }

    /// Each lane times its factor (0…255) over 255, rounded to nearest: with t = p·f + 128,
    /// (t + t >> 8) >> 8, which for t < 2^16 is t·257 >> 16 (t + t/256 has the same whole part
    /// as t + ⌊t/256⌋ over 256): the high half of one multiply.
    @inline(__always)
    static func scale(_ pixel: PixelLanes, by factors: PixelLanes) -> PixelLanes {
        let t = pixel &* factors &+ 128
        return narrowed((widened(t) &* 257) &>> 16)
    }

    /// `scale(_:by:)` for two packed pixels (8 bytes) at once, `factors` twice over: t·257 >> 16
    /// is (t + t >> 8) >> 8 for t < 2^16, which stays within 16-bit lanes.
    @inline(__always)
    static func scale(two pixels: SIMD8<UInt8>, by factors: SIMD8<UInt16>) -> SIMD8<UInt8> {
        scale(two: widened(pixels), by: factors)
    }

    /// `scale(two:by:)` of two pixels' lanes (every lane ≤ 255), packed.
    @inline(__always)
    static func scale(two pixels: SIMD8<UInt16>, by factors: SIMD8<UInt16>) -> SIMD8<UInt8> {
        let t = pixels &* factors &+ 128
        let scaled = (t &+ t &>> 8) &>> 8
        return SIMD8(UInt8(truncatingIfNeeded: scaled[0]), UInt8(truncatingIfNeeded: scaled[1]), UInt8(truncatingIfNeeded: scaled[2]),
                     UInt8(truncatingIfNeeded: scaled[3]), UInt8(truncatingIfNeeded: scaled[4]), UInt8(truncatingIfNeeded: scaled[5]),
                     UInt8(truncatingIfNeeded: scaled[6]), UInt8(truncatingIfNeeded: scaled[7]))
    }

    /// `over(_:_:)` of two packed pixels onto the two at `destination`: stored outright when
    /// both are opaque, the commonest case, else one by one.
    @inline(__always)
    static func over(two source: SIMD8<UInt8>, _ destination: UnsafeMutablePointer<UInt32>) {
        let pixels = unsafeBitCast(source, to: UInt64.self)
        if pixels & 0xFF00_0000_FF00_0000 == 0xFF00_0000_FF00_0000 {
            UnsafeMutableRawPointer(destination).storeBytes(of: pixels, as: UInt64.self)
            return
        }
        destination[0] = over(UInt32(truncatingIfNeeded: pixels), destination[0])
        destination[1] = over(UInt32(truncatingIfNeeded: pixels &>> 32), destination[1])
    }

    /// Premultiplied source-over: `source + destination · (1 − source alpha)`.
    @inline(__always)
    static func over(_ source: UInt32, _ destination: UInt32) -> UInt32 {
        // Alpha is the top byte: the source is opaque when it is at least 0xFF000000, one compare.
        if source >= 0xFF00_0000 { return source }
        let sourceAlpha = UInt16(truncatingIfNeeded: source >> 24)
        return source &+ packed(scale(lanes(destination), by: PixelLanes(repeating: 255 &- sourceAlpha)))
    }

    /// The mean of four pixels, rounded to nearest.
    @inline(__always)
    static func average(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 {
        packed((lanes(a) &+ lanes(b) &+ lanes(c) &+ lanes(d) &+ 2) &>> 2)
    }

    /// Four bytes in memory order packed as the `UInt32` the pixel loops use.
    static func pack(_ rgba: (UInt8, UInt8, UInt8, UInt8)) -> UInt32 {
        UInt32(rgba.0) | UInt32(rgba.1) << 8 | UInt32(rgba.2) << 16 | UInt32(rgba.3) << 24
    }
}
