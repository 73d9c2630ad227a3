/// Keeping and reading an image's straight-alpha bytes (`Image.straightPixels`): images decoded
/// with transparency keep them, copies of a whole image carry them along, and outputs that store
/// straight alpha read a frame's rows through `copyStraightRow`.
extension Image {
    /// Premultiplies these straight-alpha pixels, keeping the straight bytes when some pixel is
    /// not opaque.
    package mutating func premultiplyKeepingStraight() {
        let translucent = withPixels { pixels in pixels.buffer.contains { $0 &>> 24 != 0xFF } }
        let straight = translucent ? pixels : nil
        withMutablePixelBytes { Premultiplication.premultiply($0.buffer) }
        straightPixels = straight
    }

    /// Row `y` as straight RGBA into `row` (`bytesPerRow` bytes): the straight bytes kept, or
    /// else the premultiplied ones unpremultiplied.
    package func copyStraightRow(_ y: Int, into row: UnsafeMutableBufferPointer<UInt8>) {
        if let straightPixels {
            straightPixels.withUnsafeBufferPointer { row.baseAddress!.update(from: $0.baseAddress! + y * bytesPerRow, count: bytesPerRow) }
            return
        }
        withPixelBytes { row.baseAddress!.update(from: $0.row(y), count: bytesPerRow) }
        Premultiplication.unpremultiply(UnsafeMutableBufferPointer(rebasing: row[0..<bytesPerRow]))
    }

}
