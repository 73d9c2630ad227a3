/// Conversions between straight alpha (what files store) and premultiplied alpha (what `Image`
/// holds), rounding to nearest so that premultiplied → straight → premultiplied is exact.
enum Premultiplication {
    static func premultiply(_ rgba: UnsafeMutableBufferPointer<UInt8>) {
        for i in stride(from: 0, to: rgba.count, by: 4) {
            let alpha = Int(rgba[i + 3])
            if alpha == 255 { continue }
            for channel in i..<i + 3 {
                rgba[channel] = UInt8((Int(rgba[channel]) * alpha + 127) / 255)
            }
        }
    }

    static func unpremultiply(_ rgba: UnsafeMutableBufferPointer<UInt8>) {
        for i in stride(from: 0, to: rgba.count, by: 4) {
            let alpha = Int(rgba[i + 3])
            if alpha == 255 { continue }
            for channel in i..<i + 3 {
                rgba[channel] = alpha == 0 ? 0 : UInt8(min(255, (Int(rgba[channel]) * 255 + alpha / 2) / alpha))
            }
        }
    }
}
