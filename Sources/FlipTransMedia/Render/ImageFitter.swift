import CFFmpeg
import FlipTransCore

/// Fits images of any size into the video frame, as `FitMode` lays them out.
public enum ImageFitter {
    /// `image` fitted into a `frame`-sized canvas filled with `background`: the crop is scaled
    /// with swscale (area filter down, bicubic up; see `resamplingPasses`) to the placement
    /// rectangle and composited over the background by the renderer's own source-over
    /// (`Image.composite`), so a translucent pixel comes out as the renderer would draw it
    /// there. When no scaling is needed the pixels
    /// are copied, never resampled, so an image already of the frame size comes back byte for byte
    /// (if it is opaque or the background is transparent; otherwise it is composited over the
    /// background like any other).
    /// Throws `MemoryShortage` when there is no memory for the canvas or a scaled copy.
    public static func fit(_ image: Image, into frame: PixelSize, mode: FitMode, background: Color) throws(MemoryShortage) -> Image {
        // An image of the frame's size is placed whole over the whole canvas in every mode; an
        // opaque one then hides whatever is under it (a background, a blurred backdrop), as
        // source-over copies an opaque pixel: the result is the image. Returned as it is, it
        // costs no canvas (8 MB at 1080p) and no copy.
        if image.size == frame, image.isOpaque {
            return image
        }
        var canvas = try Image.allocate(width: frame.width, height: frame.height, filledWith: background)
        guard frame.width > 0, frame.height > 0, image.width > 0, image.height > 0 else { return canvas }
        if mode == .blur {
            let backdrop = try blurredBackdrop(of: image, frame: frame)
            canvas.composite(backdrop, region: PixelRect(x: 0, y: 0, width: frame.width, height: frame.height), atX: 0, y: 0)
        }
        let (crop, placement) = mode.layout(source: image.size, frame: frame)
        if crop.size == placement.size {
            canvas.composite(image, region: crop, atX: placement.x, y: placement.y)
            // The whole image in place over nothing: the canvas is the image.
            if mode != .blur, background.alpha == 0, crop.size == image.size, placement.size == frame,
               placement.x == 0, placement.y == 0 {
                canvas.straightPixels = image.straightPixels
            }
        } else {
            let scaled = try resample(image, region: crop, to: placement.size)
            canvas.composite(scaled, region: PixelRect(x: 0, y: 0, width: scaled.width, height: scaled.height),
                             atX: placement.x, y: placement.y)
        }
        return canvas
    }

    /// The image covering the frame, blurred: shrunk to a sixteenth (which already averages
    /// away detail), box-blurred three times (close to a Gaussian), and scaled back up smoothly.
    private static func blurredBackdrop(of image: Image, frame: PixelSize) throws(MemoryShortage) -> Image {
        let crop = FitMode.cover.layout(source: image.size, frame: frame).crop
        let small = PixelSize(width: max(1, frame.width / 16), height: max(1, frame.height / 16))
        let blurred = try resample(image, region: crop, to: small).boxBlurred(radius: 2, passes: 3)
        return try resample(blurred, region: PixelRect(x: 0, y: 0, width: small.width, height: small.height), to: frame)
    }

    /// The `region` of `image` scaled to `size`, in the passes `resamplingPasses` lays out.
    private static func resample(_ image: Image, region: PixelRect, to size: PixelSize) throws(MemoryShortage) -> Image {
        var (scaled, part) = (image, region)
        for passSize in resamplingPasses(from: region.size, to: size) {
            scaled = try resampleInOnePass(scaled, region: part, to: passSize)
            part = PixelRect(x: 0, y: 0, width: passSize.width, height: passSize.height)
        }
        return scaled
    }

    /// The most one pass scales a side by, up or down. swscale refuses some larger factors (an
    /// enlargement of about 7,000 times, 1 pixel to 8192; an area shrink of about 50,000), so
    /// larger ones take several passes; every factor between the 16…8192 sides of a frame and of
    /// an image is within one.
    static let largestPassFactor = 1024

    /// The sizes of the passes that take `source` to `size`: first the sides that shrink, with the
    /// area filter, then those that grow, with the bicubic one, by at most `largestPassFactor`
    /// each pass. Shrinking and enlarging in separate passes gives each side the filter that
    /// suits it: when one side shrinks and the other grows (a tall image stretched wide), a single
    /// bicubic pass would shrink too, and swscale refuses a bicubic shrink beyond 64 times, as
    /// its filter would exceed 256 taps (16×1024 to 1024×16).
    static func resamplingPasses(from source: PixelSize, to size: PixelSize) -> [PixelSize] {
        let factor = largestPassFactor
        var passes: [PixelSize] = []
        var current = source
        func shrink(_ side: Int, to target: Int) -> Int { max(target, (side + factor - 1) / factor) }
        func enlarge(_ side: Int, to target: Int) -> Int { side < target ? min(target, side * factor) : side }
        while current.width > size.width || current.height > size.height {
            current = PixelSize(width: shrink(current.width, to: min(size.width, current.width)),
                                height: shrink(current.height, to: min(size.height, current.height)))
            passes.append(current)
        }
        while current != size {
            current = PixelSize(width: enlarge(current.width, to: size.width), height: enlarge(current.height, to: size.height))
            passes.append(current)
        }
        return passes
    }

    /// One swscale pass: the area filter when neither axis grows, else bicubic.
    private static func resampleInOnePass(_ image: Image, region: PixelRect, to size: PixelSize) throws(MemoryShortage) -> Image {
        let shrinks = size.width <= region.width && size.height <= region.height
        // Full-resolution chroma and accurate rounding: swscale's RGB path goes through YUV internally.
        let flags = (shrinks ? SWS_AREA : SWS_BICUBIC) | SWS_FULL_CHR_H_INT | SWS_FULL_CHR_H_INP | SWS_ACCURATE_RND
        // Every pass `resamplingPasses` lays out is one swscale supports, so a context it cannot
        // make is one it had no memory for.
        guard let scaler = ScaleContext(from: region.size, AV_PIX_FMT_RGBA, to: size, AV_PIX_FMT_RGBA, flags: flags) else {
            throw MemoryShortage(size: size)
        }
        var scaled = try Image.allocate(width: size.width, height: size.height)
        image.withPixelBytes { source in
            scaled.withMutablePixelBytes { destination in
                scaler.convert(packed: source.row(region.y) + region.x * Image.bytesPerPixel, bytesPerRow: source.rowStride,
                               height: region.height, intoPacked: destination.baseAddress, destinationBytesPerRow: destination.rowStride)
                clampColourToAlpha(destination.buffer)
            }
        }
        return scaled
    }

    /// Bicubic overshoot can leave a premultiplied colour above its alpha, which is not a colour.
    private static func clampColourToAlpha(_ rgba: UnsafeMutableBufferPointer<UInt8>) {
        for i in stride(from: 0, to: rgba.count, by: 4) where rgba[i + 3] != 255 {
            for channel in i..<i + 3 { rgba[channel] = min(rgba[channel], rgba[i + 3]) }
        }
    }
}
