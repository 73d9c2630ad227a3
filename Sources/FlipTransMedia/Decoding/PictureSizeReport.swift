import CFFmpeg
import FlipTransCore
import Foundation

/// FFmpeg refuses a picture that is too large (over the decoder's `max_pixels`, or over its own
/// limit of about 268 megapixels) before allocating it, but says which size it refused only in a
/// log message, "Picture size WxH is invalid" or "… exceeds specified max pixel count". That
/// message is caught here, on the thread that is decoding, so the error can name the size.
enum PictureSizeReport {
    private static let key = "FlipTransMedia.PictureSizeReport"

    /// Forgets any size reported earlier on this thread.
    static func reset() {
        Thread.current.threadDictionary.removeObject(forKey: key)
    }

    /// The last size FFmpeg refused on this thread since `reset()`, if any.
    static var refusedSize: PixelSize? {
        guard let sides = Thread.current.threadDictionary[key] as? [Int], sides.count == 2 else { return nil }
        return PixelSize(width: sides[0], height: sides[1])
    }

    /// For FFmpeg's log callback: records the size when `format` is a picture size report.
    /// Consumes `arguments`, so the caller must not print the same message.
    static func record(format: UnsafePointer<CChar>, arguments: CVaListPointer) {
        guard strncmp(format, reportFormat, strlen(reportFormat)) == 0 else { return }
        var buffer = [CChar](repeating: 0, count: 256)
        vsnprintf(&buffer, buffer.count, format, arguments)
        let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // "Picture size 100000x100000 is invalid" → [100000, 100000]
        let sides = message.split(separator: " ").dropFirst(2).first?.split(separator: "x").compactMap { Int($0) } ?? []
        if sides.count == 2 {
            Thread.current.threadDictionary[key] = sides
        }
    }

    private static let reportFormat = "Picture size %ux%u"
}
