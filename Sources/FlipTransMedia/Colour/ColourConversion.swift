import FlipTransCore

/// How one picture's pixels become sRGB, decided from its file's colour description before the
/// pixels are converted: the layout its decoder must deliver them in (grey pixels for a grey
/// profile, 16 bits for a deep source) and the LittleCMS transform, if any. Output is always
/// sRGB, which is what the renderer, the PNG writer and the BT.709 video encoders assume.
struct ColourConversion {
    let layout: PixelLayout
    private let transform: SRGBTransform?

    /// A description that cannot be applied is reported through `warning` (one line naming
    /// `path`) and the pixels are taken as sRGB, as browsers show them.
    init(_ profile: ColourProfile, deep: Bool, greyPixels: Bool, path: String, warning: (String) -> Void) {
        var refusal: ColourRefusal?
        switch profile {
        case .sRGB: transform = nil
        case .coded(let colours) where colours.isSRGB: transform = nil
        default:
            switch SRGBTransforms.shared.transform(for: profile, deep: deep, greyPixels: greyPixels) {
            case .success(let made): transform = made
            case .failure(let reason): (transform, refusal) = (nil, reason)
            }
        }
        layout = transform?.layout ?? .rgba(deep: deep)
        if let refusal {
            let subject = switch profile {
            case .coded, .unreadable: "colour description"
            default: "colour profile"
            }
            warning("warning: \(path): \(subject) ignored (\(refusal.reason)); colours taken as sRGB")
        }
    }

    /// `pixels` (in `layout`) as a premultiplied sRGB image; `MemoryShortage` when there is no
    /// memory for it. 8-bit RGBA pixels become the image's own and are converted and premultiplied
    /// in place: taken (`consuming`), not shared, so no write copies them first.
    func image(from pixels: consuming DecodedPixels) throws(MemoryShortage) -> Image {
        precondition(pixels.layout == layout, "pixels delivered in another layout than asked for")
        try MemoryShortage.check(bytes: pixels.size.width * pixels.size.height * Image.bytesPerPixel, for: pixels.size)
        var image: Image
        switch (transform, layout) {
        case (nil, .rgba8):
            image = Image(width: pixels.size.width, height: pixels.size.height, pixels: pixels.takeBytes())
        case (nil, .rgba16):
            image = Image(width: pixels.size.width, height: pixels.size.height)
            image.withMutablePixelBytes { rgba in
                pixels.bytes.withUnsafeBytes { Self.reduceToEightBits($0.bindMemory(to: UInt16.self), into: rgba.buffer) }
            }
        case (let transform?, .rgba8):
            image = Image(width: pixels.size.width, height: pixels.size.height, pixels: pixels.takeBytes())
            image.withMutablePixelBytes { rgba in transform.convert(UnsafeRawBufferPointer(rgba.buffer), into: rgba.baseAddress) }
        case (let transform?, _):
            image = Image(width: pixels.size.width, height: pixels.size.height)
            image.withMutablePixelBytes { rgba in
                pixels.bytes.withUnsafeBytes { transform.convert($0, into: rgba.baseAddress) }
            }
        case (nil, .greyAlpha8), (nil, .greyAlpha16):
            preconditionFailure("grey pixels are asked for only with a grey profile's transform")
        }
        image.premultiplyKeepingStraight()
        return image
    }

    /// 16-bit samples to 8, rounded to nearest: v·255/65535, so v·257 gives back v exactly.
    private static func reduceToEightBits(_ samples: UnsafeBufferPointer<UInt16>, into bytes: UnsafeMutableBufferPointer<UInt8>) {
        for i in 0..<samples.count {
            bytes[i] = UInt8((UInt32(samples[i]) * 255 + 32767) / 65535)
        }
    }
}
