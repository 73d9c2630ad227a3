import CWebP
import Foundation

/// Independent readers of what fliptrans writes: FFmpeg's programs decode video frames, a GIF's
/// blocks are walked here byte by byte, and libwebp's own animation decoder and `webpinfo`
/// read WebP — never the product's own code.
enum DecodedOutput {
    /// One RGBA pixel: red, green, blue, alpha.
    typealias Pixel = [UInt8]

    /// Frame `index` of `path` as straight RGBA rows, decoded by the ffmpeg program (`decoder`
    /// forces one: only libvpx's VP9 decoder returns alpha).
    static func frame(_ index: Int, of path: String, width: Int, decoder: String? = nil, in directory: URL) throws -> (Int, Int) -> Pixel {
        let data = try ExternalTool.run("ffmpeg", ["-nostdin", "-v", "error"] + (decoder.map { ["-c:v", $0] } ?? []) +
                                        ["-i", path, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
                                        in: directory)
        let bytes = [UInt8](data)
        return { x, y in Array(bytes[(y * width + x) * 4..<(y * width + x) * 4 + 4]) }
    }

    /// A GIF's structure: its loop count (nil without a NETSCAPE2.0 block) and each frame's delay in
    /// centiseconds and whether its graphic control marks a transparent index.
    struct GIF {
        var version = ""
        var loopCount: Int?
        var delays: [Int] = []
        var transparentIndex: [Bool] = []

        init(path: String) throws {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            version = String(decoding: bytes[0..<6], as: UTF8.self)
            var at = 13
            if bytes[10] & 0x80 != 0 { at += 3 << (Int(bytes[10] & 7) + 1) }
            /// Skips data sub-blocks, returning the first one's bytes.
            func subBlocks() -> [UInt8] {
                var first: [UInt8]?
                while bytes[at] != 0 {
                    let length = Int(bytes[at])
                    if first == nil { first = Array(bytes[at + 1..<at + 1 + length]) }
                    at += length + 1
                }
                at += 1
                return first ?? []
            }
            loop: while at < bytes.count {
                switch bytes[at] {
                case 0x21:
                    let label = bytes[at + 1]
                    if label == 0xF9 {
                        delays.append(Int(bytes[at + 4]) | Int(bytes[at + 5]) << 8)
                        transparentIndex.append(bytes[at + 3] & 1 != 0)
                        at += 8
                    } else {
                        let header = Array(bytes[at + 3..<at + 3 + Int(bytes[at + 2])])
                        at += 3 + Int(bytes[at + 2])
                        let data = subBlocks()
                        if label == 0xFF, header == Array("NETSCAPE2.0".utf8), data.count == 3 {
                            loopCount = Int(data[1]) | Int(data[2]) << 8
                        }
                    }
                case 0x2C:
                    let flags = bytes[at + 9]
                    at += 10
                    if flags & 0x80 != 0 { at += 3 << (Int(flags & 7) + 1) }
                    at += 1  // LZW minimum code size
                    _ = subBlocks()
                default:
                    break loop  // 0x3B, the trailer
                }
            }
        }
    }

    /// An animated WebP as libwebp's demuxer and decoder see it.
    struct WebP {
        var frames: [[UInt8]] = []
        /// Each frame's end, in milliseconds from the start.
        var timestamps: [Int] = []
        var loopCount = 0
        var width = 0, height = 0

        init(path: String) throws {
            let file = try Data(contentsOf: URL(fileURLWithPath: path))
            try file.withUnsafeBytes { bytes in
                var options = WebPAnimDecoderOptions()
                _ = WebPAnimDecoderOptionsInit(&options)
                options.color_mode = MODE_RGBA
                var data = WebPData(bytes: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), size: bytes.count)
                guard let decoder = WebPAnimDecoderNew(&data, &options) else { throw ExternalTool.Failure(description: "libwebp cannot read \(path)") }
                defer { WebPAnimDecoderDelete(decoder) }
                var info = WebPAnimInfo()
                _ = WebPAnimDecoderGetInfo(decoder, &info)
                (width, height, loopCount) = (Int(info.canvas_width), Int(info.canvas_height), Int(info.loop_count))
                var canvas: UnsafeMutablePointer<UInt8>? = nil
                var timestamp: Int32 = 0
                while WebPAnimDecoderHasMoreFrames(decoder) != 0, WebPAnimDecoderGetNext(decoder, &canvas, &timestamp) != 0 {
                    frames.append(Array(UnsafeBufferPointer(start: canvas, count: width * height * 4)))
                    timestamps.append(Int(timestamp))
                }
            }
        }

        func pixel(_ frame: Int, _ x: Int, _ y: Int) -> Pixel { Array(frames[frame][(y * width + x) * 4..<(y * width + x) * 4 + 4]) }
    }

    /// What `ffprobe` says of the first video stream: `entries` such as codec_name, codec_tag_string, pix_fmt.
    static func probe(_ path: String, _ entries: [String], in directory: URL) throws -> [String: String] {
        let data = try ExternalTool.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-count_frames", "-of", "default=noprint_wrappers=1",
                                                    "-show_entries", "stream=" + entries.joined(separator: ",") + ":stream_tags", path], in: directory)
        var values: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { values[parts[0]] = parts[1] }
        }
        return values
    }
}
