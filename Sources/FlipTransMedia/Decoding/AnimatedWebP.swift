import CWebP
import FlipTransCore
import Foundation

/// The first frame of an animated WebP, composed on the animation's canvas as a viewer first
/// shows it. FFmpeg 5.1's WebP decoder cannot decode animations (ANIM and ANMF chunks); libwebp's
/// animation decoder can.
enum AnimatedWebP {
    static func firstFrame(ofFileAt path: String, pixelLimit: PixelLimit) throws -> Image {
        // The whole file, as FFmpeg's image readers take it too.
        let file = try Data(contentsOf: URL(fileURLWithPath: path))
        return try file.withUnsafeBytes { bytes in
            let start = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
            var features = WebPBitstreamFeatures()
            guard WebPGetFeatures(start, bytes.count, &features) == VP8_STATUS_OK else {
                throw DamagedImagePolicy.refusal(path: path, detail: "libwebp cannot read its header")
            }
            // The decoder allocates the canvas when it is made: its size is checked first.
            try pixelLimit.check(PixelSize(width: Int(features.width), height: Int(features.height)), path: path)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { fatalError("libwebp's demuxer does not match its headers") }
            options.color_mode = MODE_rgbA // premultiplied, as Image holds pixels
            options.use_threads = 0
            var data = WebPData(bytes: start, size: bytes.count)
            guard let decoder = WebPAnimDecoderNew(&data, &options) else {
                throw DamagedImagePolicy.refusal(path: path, detail: "libwebp cannot read its animation")
            }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            var canvas: UnsafeMutablePointer<UInt8>? = nil
            var timestamp: Int32 = 0
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0, WebPAnimDecoderGetNext(decoder, &canvas, &timestamp) != 0,
                  let canvas else {
                throw DamagedImagePolicy.refusal(path: path, detail: "libwebp cannot decode its first frame")
            }
            var image = try Image.allocate(width: Int(info.canvas_width), height: Int(info.canvas_height))
            image.withMutablePixelBytes { pixels in
                for y in 0..<pixels.height {
                    pixels.row(y).update(from: canvas + y * pixels.width * 4, count: pixels.width * 4)
                }
            }
            return image
        }
    }
}
