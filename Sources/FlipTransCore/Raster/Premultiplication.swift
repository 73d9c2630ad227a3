/// Conversions between straight alpha (what files store) and premultiplied alpha (what `Image`
/// holds), rounding to nearest so that premultiplied → straight → premultiplied is exact. Used by
/// the decoders and writers of FlipTransMedia and by the frei0r plugin, whose hosts exchange
/// straight RGBA.
package enum Premultiplication {
    package static func premultiply(_ rgba: UnsafeMutableBufferPointer<UInt8>) {
        for i in stride(from: 0, to: rgba.count, by: 4) {
            let alpha = Int(rgba[i + 3])
            if alpha == 255 { continue }
            for channel in i..<i + 3 {
                rgba[channel] = UInt8((Int(rgba[channel]) * alpha + 127) / 255)
            }
        }
    }

    /// For 8-bit samples, and for 16-bit ones from files that store premultiplied colours (HEIF may).
    package static func unpremultiply<Sample: FixedWidthInteger & UnsignedInteger>(_ rgba: UnsafeMutableBufferPointer<Sample>) {
        let maximum = Int(Sample.max)
        for i in stride(from: 0, to: rgba.count, by: 4) {
            let alpha = Int(rgba[i + 3])
            if alpha == maximum { continue }
            for channel in i..<i + 3 {
                rgba[channel] = alpha == 0 ? 0 : Sample(min(maximum, (Int(rgba[channel]) * maximum + alpha / 2) / alpha))
            }
        }
    }
}
