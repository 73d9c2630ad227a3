import CFFmpeg
import Foundation

/// FFmpeg's log. Left alone, FFmpeg prints to stderr itself (encoder banners, decoder complaints
/// such as `[mjpeg @ 0x…] overread 8`), so its callback is replaced: nothing is printed. Warnings
/// and errors are kept instead, for the thread that caused them (FFmpeg decodes on the calling
/// thread here), where they can explain a refusal (`DecodingFailure`) or name a refused picture
/// size (`PictureSizeReport`).
enum FFmpegLogging {
    struct Line: Equatable {
        let level: Int32
        var text: String
    }

    static let quiet: Void = {
        // Some FFmpeg code skips composing messages above this level.
        av_log_set_level(AV_LOG_WARNING)
        av_log_set_callback { _, level, format, arguments in
            guard level <= AV_LOG_WARNING, let format, let arguments else { return }
            record(level: level, format: format, arguments: arguments)
        }
    }()

    /// Forgets the lines kept for this thread.
    static func reset() {
        Thread.current.threadDictionary.removeObject(forKey: key)
    }

    /// The warnings and errors FFmpeg logged on this thread since `reset()`: the first few of
    /// them, each at most a few hundred characters, without line breaks.
    static var lines: [Line] {
        (kept?.lines ?? []).map { Line(level: $0.level, text: $0.text.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    private static let key = "FlipTransMedia.FFmpegLogging"
    private static let keptLines = 32
    private static let keptCharacters = 300

    private final class Kept {
        var lines: [Line] = []
        /// False while the last line waits for the rest of its message.
        var lastIsComplete = true
    }

    private static var kept: Kept? { Thread.current.threadDictionary[key] as? Kept }

    private static func record(level: Int32, format: UnsafePointer<CChar>, arguments: CVaListPointer) {
        var buffer = [CChar](repeating: 0, count: 1024)
        vsnprintf(&buffer, buffer.count, format, arguments)
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let kept = self.kept ?? Kept()
        Thread.current.threadDictionary[key] = kept
        // A message logged in parts (FFmpeg's "… is not implemented" reports) continues its line.
        if !kept.lastIsComplete, let last = kept.lines.last {
            kept.lines[kept.lines.count - 1].text = String((last.text + text).prefix(keptCharacters))
        } else if kept.lines.count < keptLines {
            kept.lines.append(Line(level: level, text: String(text.prefix(keptCharacters))))
        } else {
            return
        }
        kept.lastIsComplete = text.hasSuffix("\n")
    }
}
