import CWebP
import FlipTransCore
import Foundation

/// The first frame of an animated WebP, composed on the animation's canvas as a viewer first
/// shows it, with the file's colour profile (ICCP chunk) applied as for a still WebP. FFmpeg
/// 5.1's WebP decoder cannot decode animations (ANIM and ANMF chunks); libwebp's animation
/// decoder can.
enum AnimatedWebP {
    static func firstFrame(ofFileAt path: String, pixelLimit: PixelLimit, warning: (String) -> Void) throws -> Image {
        // The whole file, as FFmpeg's image readers take it too.
        let file = try Data(contentsOf: URL(fileURLWithPath: path))
        return try file.withUnsafeBytes { bytes in
            let start = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
            var features = WebPBitstreamFeatures()
            guard WebPGetFeatures(start, bytes.count, &features) == VP8_STATUS_OK else {
                throw DamagedImagePolicy.refusal(path: path, detail: "libwebp cannot read its header")
            }
            // The decoder allocates two canvases when it is made, and cannot say why it failed:
            // their size is checked first, against the limit and against the memory there is.
            let canvasSize = PixelSize(width: Int(features.width), height: Int(features.height))
            try pixelLimit.check(canvasSize, path: path)
            try MemoryShortage.check(bytes: 2 * canvasSize.width * canvasSize.height * 4, for: canvasSize)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { fatalError("libwebp's demuxer does not match its headers") }
            options.color_mode = MODE_RGBA // straight alpha, as colour profiles apply to straight colours
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
            let colour = ColourConversion(profile(of: decoder), deep: false, greyPixels: false, path: path, warning: warning)
            var pixels = try DecodedPixels(size: PixelSize(width: Int(info.canvas_width), height: Int(info.canvas_height)), layout: colour.layout)
            // The canvas is tightly packed RGBA, as the pixels are.
            pixels.bytes.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: canvas, byteCount: $0.count) }
            return try colour.image(from: consume pixels)
        }
    }

    /// The ICC profile in the file's first ICCP chunk, as libwebp's demuxer finds it, or sRGB
    /// without one. Like FFmpeg for a still WebP, the chunk is used whether or not the VP8X
    /// header's ICC flag announces it.
    private static func profile(of decoder: OpaquePointer) -> ColourProfile {
        guard let demuxer = WebPAnimDecoderGetDemuxer(decoder) else { return .sRGB }
        var chunk = WebPChunkIterator()
        guard WebPDemuxGetChunk(demuxer, "ICCP", 1, &chunk) != 0 else { return .sRGB }
        defer { WebPDemuxReleaseChunkIterator(&chunk) }
        return ColourProfile(iccBytes: Array(UnsafeBufferPointer(start: chunk.chunk.bytes, count: chunk.chunk.size)))
    }
}
